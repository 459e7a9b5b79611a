import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { guestOrderBody } from '../../contract/orders';
import { guestContactOf } from '../../contract/rules';
import { guestPurchaser, newLinkToken } from '../guests';
import { accountFields } from '../order-input';
import { startGatewayOrder } from '../service';
import { guestCheckoutMessage, guestCheckoutView } from '../views';

/** A guest's top-up by player ID, paid through the gateway: the payment link, and the order's secret link. */
export const handler = publicRoute({ ...formBody(guestOrderBody) }, async ({ body, clientIp, deviceId }) => {
  // The schema has refused a contact that is neither an e-mail address nor a Bangladeshi number.
  const contact = guestContactOf(body.contact)!;
  const token = newLinkToken();
  const started = await startGatewayOrder(
    guestPurchaser(contact, new Date().toISOString()),
    { planId: body.plan_id, price: body.amount, ...accountFields(body) },
    { clientIp, deviceId },
    { contact, language: body.language, token },
  );
  return success(guestCheckoutView(started, token), guestCheckoutMessage);
});
