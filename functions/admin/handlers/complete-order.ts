import * as v from 'valibot';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idParams, optionalRemark } from '../input';
import { completeOrder } from '../service/orders';
import { adminOrderDetailView } from '../views';

const body = v.object({ remark: optionalRemark });

export const handler = adminRoute({ params: idParams, ...formBody(body) }, async ({ params, body: form, user }) =>
  success(adminOrderDetailView(await completeOrder(user, params.id, form.remark)), 'Order completed'),
);
