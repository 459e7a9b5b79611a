import * as v from 'valibot';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { limitPaymentCheck } from '../../gateway/limits';
import { requiredText } from '../../shared/validation';
import { cancelPayment } from '../service';
import { paymentCheckView } from '../views';

/** Our own reference: a cancel at the gateway brings no invoice id back, only the `?payment=` of our cancel link. */
const body = v.object({ kind: v.picklist(['wallet', 'order'], 'kind must be wallet or order'), id: requiredText('id is required', 40) });

/** "Cancel" on a payment that waits: it settles if the gateway says it is paid, else it is given up. */
export const handler = userRoute({ ...formBody(body) }, async ({ body: form, user }) => {
  await limitPaymentCheck(user.id);
  const result = await cancelPayment({ kind: form.kind, id: form.id }, user.id);
  const messages = { completed: 'This payment was already made', cancelled: 'Payment cancelled', pending: 'Payment is being processed' };
  return success(paymentCheckView(result), messages[result.status]);
});
