import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { claimCloseBody } from '../../contract/admin-operations';
import { idParams } from '../../contract/fields';
import { claimView } from '../../orders/views';
import { closeClaimAs } from '../service/claims';

export const handler = adminRoute({ params: idParams, ...formBody(claimCloseBody) }, async ({ params, body, user }) =>
  success(claimView(await closeClaimAs(user, params.id, body.message)), 'Report closed'),
);
