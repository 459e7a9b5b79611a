import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idParams } from '../../contract/fields';
import { claimView } from '../../orders/views';
import { replaceClaimCodeAs } from '../service/claims';

export const handler = adminRoute({ params: idParams }, async ({ params, user }) =>
  success(claimView(await replaceClaimCodeAs(user, params.id)), 'Code replaced, and the report closed'),
);
