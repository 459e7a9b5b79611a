import * as v from 'valibot';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { paymentCheckView } from '../../payments/views';
import { requiredText } from '../../shared/validation';
import { settleInvoiceFor } from '../service/wallet-requests';

/** The invoice id as the gateway's panel shows it (letters and digits). */
const body = v.object({
  invoice_id: v.pipe(requiredText('Invoice id is required', 100), v.regex(/^[A-Za-z0-9_-]+$/, 'An invoice id has letters and digits only')),
});

const messages = {
  completed: 'Paid: settled',
  cancelled: 'The gateway says this payment failed',
  pending: 'The gateway says the payment is still pending',
};

export const handler = adminRoute({ ...formBody(body) }, async ({ body: form, user }) => {
  const result = await settleInvoiceFor(user, form.invoice_id, form.invoice_id);
  return success({ ...paymentCheckView(result), changed: result.changed }, messages[result.status]);
});
