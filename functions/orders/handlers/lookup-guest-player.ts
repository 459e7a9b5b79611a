import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { playerLookupBody } from '../../contract/orders';
import { lookUpPlayerName } from '../player-names';
import { playerLookupView } from '../views';

/** A guest's nickname check before paying: the shopper's, limited per address. */
export const handler = publicRoute({ ...formBody(playerLookupBody) }, async ({ body, clientIp }) =>
  success(playerLookupView(await lookUpPlayerName(undefined, clientIp, body.master_category, body.player_id))),
);
