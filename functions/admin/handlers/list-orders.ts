import * as v from 'valibot';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { cursorField, orderStatusField } from '../input';
import { ordersOf } from '../service/orders';
import { adminOrderView, pageView } from '../views';

const query = v.object({ status: orderStatusField, sort: v.optional(v.picklist(['oldest', 'newest'], 'Sort must be oldest or newest')), cursor: cursorField });

export const handler = adminRoute({ query }, async ({ query: { status, sort, cursor } }) => success(pageView(await ordersOf(status, sort, cursor), adminOrderView)));
