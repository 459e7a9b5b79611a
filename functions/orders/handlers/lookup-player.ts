import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { lookUpPlayerName } from '../player-names';
import { playerLookupView } from '../views';
import { playerLookupBody } from '../../contract/orders';

export const handler = userRoute({ ...formBody(playerLookupBody) }, async ({ body: form, user, clientIp }) => {
  const player = await lookUpPlayerName(user.id, clientIp, form.master_category, form.player_id);
  return success(playerLookupView(player));
});
