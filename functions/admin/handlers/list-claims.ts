import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { adminClaimsQuery } from '../../contract/admin-operations';
import { pageView } from '../../shared/cursor';
import { claimsOf } from '../service/claims';
import { adminClaimView } from '../views';

export const handler = adminRoute({ query: adminClaimsQuery }, async ({ query: { status, cursor, limit } }) =>
  success(pageView(await claimsOf(status, { cursor, limit }), adminClaimView)),
);
