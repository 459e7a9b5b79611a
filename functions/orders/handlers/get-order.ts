import * as v from 'valibot';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { idField } from '../../shared/validation';
import { orderOf } from '../service';
import { orderDetailView } from '../views';

const params = v.object({ id: idField('order id') });

export const handler = userRoute({ params }, async ({ params: { id }, user }) => {
  const { order, gatewayPayment } = await orderOf(user, id);
  return success(orderDetailView(order, gatewayPayment));
});
