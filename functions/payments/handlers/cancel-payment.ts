import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { limitPaymentCheck } from '../../gateway/limits';
import { cancelPayment } from '../service';
import { paymentCheckView } from '../views';
import { cancelPaymentBody } from '../../contract/orders';

/** "Cancel" on a payment that waits: it settles if the gateway says it is paid, else it is given up. */
export const handler = userRoute({ ...formBody(cancelPaymentBody) }, async ({ body: form, user }) => {
  await limitPaymentCheck(user.id);
  const result = await cancelPayment({ kind: form.kind, id: form.id }, user.id);
  const messages = { completed: 'This payment was already made', cancelled: 'Payment cancelled', pending: 'Payment is being processed' };
  return success(paymentCheckView(result), messages[result.status]);
});
