import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { claimBody, orderParams } from '../../contract/orders';
import type { RaisedClaim } from '../../contract/wire';
import { raiseClaim } from '../claims';
import { claimView } from '../views';

/** The answer's message for what a rule did with the claim (the thread says more). */
const outcomeMessages: Record<RaisedClaim['outcome'], string> = {
  corrected: 'Player ID corrected: your top-up goes there',
  replaced: 'Your code was replaced',
  refunded: 'The price is back in your wallet',
  credited: 'Your second payment is in your wallet',
  asked: 'We asked the supplier about your top-up',
  refused: 'Thanks: we have your report and will answer here',
  waiting: 'Thanks: we have your report and will answer here',
};

export const handler = userRoute({ params: orderParams, ...formBody(claimBody) }, async ({ params: { id }, body, user, clientIp }) => {
  const claim = await raiseClaim(
    user,
    id,
    { reason: body.reason, message: body.message, image: body.image, playerId: body.player_id },
    clientIp,
  );
  const raised: RaisedClaim = { ...claimView(claim), outcome: claim.outcome ?? 'waiting' };
  return success(raised, outcomeMessages[raised.outcome]);
});
