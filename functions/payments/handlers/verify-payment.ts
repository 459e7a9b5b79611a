import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { limitPaymentCheck } from '../../gateway/limits';
import { paymentReturnMessages, settleInvoice } from '../service';
import { paymentCheckView } from '../views';
import { verifyPaymentBody } from '../../contract/orders';

/** The return path: the payer is back from the gateway with an invoice id; settle it now if paid. */
export const handler = userRoute({ ...formBody(verifyPaymentBody) }, async ({ body: form, user }) => {
  await limitPaymentCheck(user.id);
  const result = await settleInvoice({ invoiceId: form.invoice_id }, { payerId: user.id, namedBy: 'return' });
  return success(result && paymentCheckView(result), paymentReturnMessages[result?.status ?? 'pending']);
});
