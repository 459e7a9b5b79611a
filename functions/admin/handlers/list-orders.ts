import * as v from 'valibot';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { orderStatusField, pageQuery } from '../input';
import { ordersOf } from '../service/orders';
import { pageView } from '../../shared/cursor';
import { adminOrderView } from '../views';

const query = v.object({
  status: orderStatusField,
  sort: v.optional(v.picklist(['oldest', 'newest'], 'Sort must be oldest or newest')),
  ...pageQuery,
});

export const handler = adminRoute({ query }, async ({ query: { status, sort, cursor, limit } }) =>
  success(pageView(await ordersOf(status, sort, { cursor, limit }), adminOrderView)),
);
