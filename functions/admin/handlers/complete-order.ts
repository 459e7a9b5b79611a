import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idParams } from '../../contract/fields';
import { completeOrder, withGameIcon } from '../service/orders';
import { adminOrderDetailView } from '../views';
import { completeOrderBody } from '../../contract/admin-operations';

export const handler = adminRoute({ params: idParams, ...formBody(completeOrderBody) }, async ({ params, body: form, user }) =>
  success(adminOrderDetailView(await withGameIcon(await completeOrder(user, params.id, form.remark))), 'Order completed'),
);
