import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { guestClaimBody } from '../../contract/orders';
import { NotFound } from '../../shared/errors';
import { raiseClaim } from '../claims';
import { orderOfLink } from '../guests';
import { raisedClaimView } from '../views';

/** A guest's report on their order, by its link (any other token: 404, as the order page answers). */
export const handler = publicRoute({ ...formBody(guestClaimBody) }, async ({ body, clientIp }) => {
  const link = await orderOfLink(body.token);
  if (!link) throw new NotFound('Order not found');
  const claim = await raiseClaim(
    link.userId,
    link.orderId,
    { reason: body.reason, message: body.message, image: body.image, playerId: body.player_id },
    clientIp,
  );
  const { raised, message } = raisedClaimView(claim);
  return success(raised, message);
});
