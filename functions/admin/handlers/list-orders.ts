import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { ordersOf } from '../service/orders';
import { pageView } from '../../shared/cursor';
import { adminOrderView } from '../views';
import { adminOrdersQuery } from '../../contract/admin-operations';

export const handler = adminRoute({ query: adminOrdersQuery }, async ({ query: { status, sort, cursor, limit } }) =>
  success(pageView(await ordersOf(status, sort, { cursor, limit }), adminOrderView)),
);
