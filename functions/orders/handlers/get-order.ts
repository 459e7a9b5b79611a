import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { deliveredCode } from '../delivery';
import { orderOf } from '../service';
import { orderDetailView } from '../views';
import { orderParams } from '../../contract/orders';

export const handler = userRoute({ params: orderParams }, async ({ params: { id }, user }) => {
  const { order, gatewayPayment } = await orderOf(user, id);
  return success(orderDetailView(order, gatewayPayment, await deliveredCode(order)));
});
