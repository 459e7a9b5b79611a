import { formBody } from '../../http/body';
import { gatewayRoute } from '../../http/gateway-route';
import { success } from '../../http/stack';
import { gateways } from '../../gateway/registry';
import { PaymentUnconfirmed, settleInvoice } from '../service';
import { paymentCheckView } from '../views';
import { gatewayCallbackBody } from '../../contract/orders';

/**
 * A gateway's callback, on its own path (`/payment/{gateway}/webhook`; the contract's
 * `/payment/webhook` is UddoktaPay's): its adapter finds it authentic or it is a 401, then the
 * invoice it names is settled through that gateway. Replays, duplicates and invoices we will not
 * act on still answer 200, so the gateway stops retrying; nothing is credited twice. One the
 * gateway's verify cannot answer now is kept (no retry of the webhook is documented) and answered
 * 200 too: the reconciler asks again.
 */
export const handler = gatewayRoute(
  { ...formBody(gatewayCallbackBody) },
  (name, call) => gateways.authenticate(name, call),
  async ({ call, gateway }) => {
    try {
      const invoiceId = gateway.invoiceNamedBy(call);
      const result = await settleInvoice({ gateway: gateway.name, invoiceId }, { namedBy: 'webhook' });
      return success(result ? paymentCheckView(result) : {}, 'Received');
    } catch (error) {
      if (error instanceof PaymentUnconfirmed) return success({}, 'Received: it will be checked again shortly');
      throw error;
    }
  },
);
