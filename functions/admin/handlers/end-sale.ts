import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idParams } from '../../contract/fields';
import { saleView } from '../../promotions/views';
import { endSale } from '../service/promotions';

export const handler = adminRoute({ params: idParams, ...invalidating('plans') }, async ({ params, user }) =>
  success(saleView({ ...(await endSale(user, params.id)), active: false }), 'Sale ended'),
);
