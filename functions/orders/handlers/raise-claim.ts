import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { claimBody, orderParams } from '../../contract/orders';
import { raiseClaim } from '../claims';
import { raisedClaimView } from '../views';

export const handler = userRoute({ params: orderParams, ...formBody(claimBody) }, async ({ params: { id }, body, user, clientIp }) => {
  const claim = await raiseClaim(
    user.id,
    id,
    { reason: body.reason, message: body.message, image: body.image, playerId: body.player_id },
    clientIp,
  );
  const { raised, message } = raisedClaimView(claim);
  return success(raised, message);
});
