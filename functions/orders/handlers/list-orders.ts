import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { orderHistory } from '../service';
import { awaitingOrderView, orderView } from '../views';

export const handler = userRoute({}, async ({ user }) => {
  const { awaiting, orders } = await orderHistory(user);
  return success([...awaiting.map(awaitingOrderView), ...orders.map((order) => orderView(order))]);
});
