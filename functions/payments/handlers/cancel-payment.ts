import * as v from 'valibot';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { limitPaymentCheck } from '../../gateway/limits';
import { requiredText } from '../../shared/validation';
import { cancelPayment } from '../service';
import { paymentCheckView } from '../views';

const body = v.object({ invoice_id: requiredText('invoice_id is required', 100) });

/** "Cancel" on a payment that waits: it settles if the gateway says it is paid, else it is given up. */
export const handler = userRoute({ ...formBody(body) }, async ({ body: form, user }) => {
  await limitPaymentCheck(user.id);
  const result = await cancelPayment(form.invoice_id, user.id);
  return success(paymentCheckView(result), result.status === 'completed' ? 'This payment was already made' : 'Payment cancelled');
});
