import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { claimReplyBody } from '../../contract/admin-operations';
import { idParams } from '../../contract/fields';
import { claimView } from '../../orders/views';
import { replyToClaimAs } from '../service/claims';

export const handler = adminRoute({ params: idParams, ...formBody(claimReplyBody) }, async ({ params, body, user }) =>
  success(claimView(await replyToClaimAs(user, params.id, body.message)), 'Answer sent'),
);
