import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { holdsQuery } from '../../contract/admin-operations';
import { pageView } from '../../shared/cursor';
import { reviewQueue } from '../service/risk';
import { reviewView } from '../views';

export const handler = adminRoute({ query: holdsQuery }, async ({ query: { cursor, limit } }) =>
  success(pageView(await reviewQueue({ cursor, limit }), reviewView)),
);
