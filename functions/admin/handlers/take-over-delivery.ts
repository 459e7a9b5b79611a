import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idParams } from '../../contract/fields';
import { takeOverDeliveryBody } from '../../contract/admin-operations';
import { takeOverOrderDelivery, withGameIcon } from '../service/orders';
import { adminOrderDetailView } from '../views';

export const handler = adminRoute({ params: idParams, ...formBody(takeOverDeliveryBody) }, async ({ params, body: form, user }) =>
  success(adminOrderDetailView(await withGameIcon(await takeOverOrderDelivery(user, params.id, form.remark))), 'The delivery is yours now'),
);
