import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { claimCorrectionBody } from '../../contract/admin-operations';
import { idParams } from '../../contract/fields';
import { claimView } from '../../orders/views';
import { correctClaimPlayerIdAs } from '../service/claims';

export const handler = adminRoute({ params: idParams, ...formBody(claimCorrectionBody) }, async ({ params, body, user }) =>
  success(claimView(await correctClaimPlayerIdAs(user, params.id, body.player_id)), 'Player ID corrected, and the report closed'),
);
