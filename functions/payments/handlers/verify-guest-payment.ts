import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { limitPaymentCheck } from '../../gateway/limits';
import { guestVerifyPaymentBody } from '../../contract/orders';
import { orderOfLink } from '../../orders/guests';
import { NotFound } from '../../shared/errors';
import { paymentReturnMessages, settleInvoice } from '../service';
import { paymentCheckView } from '../views';

/**
 * A guest back from the gateway: the order link's secret (kept on their device) names the guest's
 * partition, and an invoice of any other payer is not found, as on the account's return path.
 */
export const handler = publicRoute({ ...formBody(guestVerifyPaymentBody) }, async ({ body }) => {
  const link = await orderOfLink(body.token);
  if (!link) throw new NotFound('Payment not found');
  await limitPaymentCheck(link.userId);
  const result = await settleInvoice({ invoiceId: body.invoice_id }, { payerId: link.userId, namedBy: 'return' });
  return success(result && paymentCheckView(result), paymentReturnMessages[result?.status ?? 'pending']);
});
