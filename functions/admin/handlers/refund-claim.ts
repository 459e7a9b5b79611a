import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { claimRefundBody } from '../../contract/admin-operations';
import { idParams } from '../../contract/fields';
import { claimView } from '../../orders/views';
import { refundClaimAs } from '../service/claims';

export const handler = adminRoute({ params: idParams, ...formBody(claimRefundBody) }, async ({ params, body, user }) =>
  success(claimView(await refundClaimAs(user, params.id, body.to)), 'Refunded, and the report closed'),
);
