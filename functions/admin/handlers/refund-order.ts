import * as v from 'valibot';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idParams, requiredRemark } from '../input';
import { refundOrder } from '../service/orders';
import { adminOrderDetailView } from '../views';

const body = v.object({ remark: requiredRemark });

export const handler = adminRoute({ params: idParams, ...formBody(body) }, async ({ params, body: form, user }) =>
  success(adminOrderDetailView(await refundOrder(user, params.id, form.remark)), 'Order refunded to the wallet'),
);
