import * as v from 'valibot';
import { formBody } from '../../http/body';
import { gatewayRoute } from '../../http/gateway-route';
import { success } from '../../http/stack';
import { requiredText } from '../../shared/validation';
import { settleInvoice } from '../service';
import { paymentCheckView } from '../views';

/** Only the invoice id is read from the callback; what it paid comes from verify-payment. */
const body = v.looseObject({ invoice_id: requiredText('invoice_id is required', 100) });

/**
 * The gateway's callback (the API key header is checked, in constant time, by the stack): settle
 * the invoice it names. Replays, duplicates and invoices we will not act on still answer 200, so
 * the gateway stops retrying; nothing is credited twice.
 */
export const handler = gatewayRoute({ ...formBody(body) }, async ({ body: callback }) => {
  const result = await settleInvoice(callback.invoice_id);
  return success(result ? paymentCheckView(result) : {}, 'Received');
});
