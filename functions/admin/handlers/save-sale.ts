import { formBody } from '../../http/body';
import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { saleBody } from '../../contract/promotions';
import { saleView } from '../../promotions/views';
import { addSale } from '../service/promotions';

export const handler = adminRoute({ ...formBody(saleBody), ...invalidating('plans') }, async ({ body, user }) =>
  success(saleView(await addSale(user, body)), 'Sale created'),
);
