import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { orderHistory } from '../service';
import { orderView } from '../views';

export const handler = userRoute({}, async ({ user }) => {
  const entries = await orderHistory(user);
  return success(entries.map(({ order, gatewayPayment }) => orderView(order, gatewayPayment)));
});
