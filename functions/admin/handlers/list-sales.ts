import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { saleView } from '../../promotions/views';
import { listSales } from '../service/promotions';

export const handler = adminRoute({}, async () => success({ items: (await listSales()).map(saleView), next_cursor: null }));
