import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idParams } from '../../contract/fields';
import { withGameIcon } from '../service/orders';
import { releaseHeldOrder } from '../service/risk';
import { adminOrderDetailView } from '../views';

export const handler = adminRoute({ params: idParams }, async ({ params, user }) =>
  success(adminOrderDetailView(await withGameIcon(await releaseHeldOrder(user, params.id))), 'Order released: its delivery goes on'),
);
