import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idParams } from '../../contract/fields';
import { orderById, withGameIcon } from '../service/orders';
import { adminOrderDetailView } from '../views';

export const handler = adminRoute({ params: idParams }, async ({ params }) =>
  success(adminOrderDetailView(await withGameIcon(await orderById(params.id)))),
);
