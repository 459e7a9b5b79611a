import { formBody } from '../../http/body';
import { gatewayRoute } from '../../http/gateway-route';
import { success } from '../../http/stack';
import { settleInvoice } from '../service';
import { paymentCheckView } from '../views';
import { webhookBody } from '../../contract/orders';

/**
 * The gateway's callback (the API key header is checked, in constant time, by the stack): settle
 * the invoice it names. Replays, duplicates and invoices we will not act on still answer 200, so
 * the gateway stops retrying; nothing is credited twice.
 */
export const handler = gatewayRoute({ ...formBody(webhookBody) }, async ({ body: callback }) => {
  const result = await settleInvoice(callback.invoice_id);
  return success(result ? paymentCheckView(result) : {}, 'Received');
});
