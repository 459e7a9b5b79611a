import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { paymentCheckView } from '../../payments/views';
import { settleInvoiceFor } from '../service/wallet-requests';
import { settlePaymentBody } from '../../contract/admin-operations';

const messages = {
  completed: 'Paid: settled',
  cancelled: 'The gateway says this payment failed',
  pending: 'The gateway says the payment is still pending',
};

export const handler = adminRoute({ ...formBody(settlePaymentBody) }, async ({ body: form, user }) => {
  const result = await settleInvoiceFor(user, { invoiceId: form.invoice_id }, form.invoice_id);
  return success({ ...paymentCheckView(result), changed: result.changed }, messages[result.status]);
});
