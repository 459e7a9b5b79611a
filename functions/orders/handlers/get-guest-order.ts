import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { guestOrderLinkBody } from '../../contract/orders';
import { NotFound } from '../../shared/errors';
import { getClaim } from '../claim-repo';
import { deliveredCode } from '../delivery';
import { guestCodeOrderDetail } from '../guest-code-order';
import { orderOfLink } from '../guests';
import { orderEntryOf } from '../service';
import { orderDetailView } from '../views';

/** A guest's order by its secret link, as the shopper's order page answers it; any other token: 404, the same whatever exists. */
export const handler = publicRoute({ ...formBody(guestOrderLinkBody) }, async ({ body }) => {
  const link = await orderOfLink(body.token);
  if (!link) throw new NotFound('Order not found');
  if (link.kind === 'codes') return success(await guestCodeOrderDetail(link.userId, link.orderId));
  const { order, gatewayPayment } = await orderEntryOf(link.userId, link.orderId);
  const claim = order.claimId ? await getClaim(order.userId, order.orderId, order.claimId) : undefined;
  return success(orderDetailView(order, gatewayPayment, deliveredCode(order), claim));
});
