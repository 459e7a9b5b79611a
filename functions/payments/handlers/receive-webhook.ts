import { formBody } from '../../http/body';
import { gatewayRoute } from '../../http/gateway-route';
import { success } from '../../http/stack';
import { PaymentUnconfirmed, settleInvoice } from '../service';
import { paymentCheckView } from '../views';
import { webhookBody } from '../../contract/orders';

/**
 * The gateway's callback (the API key header is checked, in constant time, by the stack): settle
 * the invoice it names. Replays, duplicates and invoices we will not act on still answer 200, so
 * the gateway stops retrying; nothing is credited twice. One the gateway's verify cannot answer now
 * is kept (no retry of the webhook is documented) and answered 200 too: the reconciler asks again.
 */
export const handler = gatewayRoute({ ...formBody(webhookBody) }, async ({ body: callback }) => {
  try {
    const result = await settleInvoice(callback.invoice_id, { namedBy: 'webhook' });
    return success(result ? paymentCheckView(result) : {}, 'Received');
  } catch (error) {
    if (error instanceof PaymentUnconfirmed) return success({}, 'Received: it will be checked again shortly');
    throw error;
  }
});
