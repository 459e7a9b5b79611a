import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { guestOrderBody } from '../../contract/orders';
import { guestContactOf } from '../../contract/rules';
import type { GuestCheckoutAnswer } from '../../contract/wire';
import { siteUrl } from '../../shared/config';
import { guestPurchaser, newLinkToken, orderLinkPath } from '../guests';
import { accountFields } from '../order-input';
import { startGatewayOrder } from '../service';

/** A guest's top-up by player ID, paid through the gateway: the payment link, and the order's secret link. */
export const handler = publicRoute({ ...formBody(guestOrderBody) }, async ({ body, clientIp, deviceId }) => {
  // The schema has refused a contact that is neither an e-mail address nor a Bangladeshi number.
  const contact = guestContactOf(body.contact)!;
  const token = newLinkToken();
  const { paymentUrl, orderId } = await startGatewayOrder(
    guestPurchaser(contact, new Date().toISOString()),
    { planId: body.plan_id, price: body.amount, ...accountFields(body) },
    { clientIp, deviceId },
    { contact, language: body.language, token },
  );
  const message = 'Complete the payment to place your order';
  const answer: GuestCheckoutAnswer = {
    status: 1,
    payment_url: paymentUrl,
    message,
    id: orderId,
    order_link: `${siteUrl()}${orderLinkPath(token)}`,
  };
  return success(answer, message);
});
