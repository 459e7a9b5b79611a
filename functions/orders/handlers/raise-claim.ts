import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { claimBody, orderParams } from '../../contract/orders';
import { raiseClaim } from '../claims';
import { claimView } from '../views';

export const handler = userRoute({ params: orderParams, ...formBody(claimBody) }, async ({ params: { id }, body, user }) => {
  const claim = await raiseClaim(user, id, { reason: body.reason, message: body.message, image: body.image, playerId: body.player_id });
  return success(
    { ...claimView(claim), outcome: claim.outcome ?? 'waiting' },
    claim.outcome === 'corrected' ? 'Player ID corrected: your top-up goes there' : 'Thanks: we have your report and will answer here',
  );
});
