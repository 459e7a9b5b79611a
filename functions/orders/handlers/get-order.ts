import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { getClaim } from '../claim-repo';
import { deliveredCode } from '../delivery';
import { orderOf } from '../service';
import { orderDetailView } from '../views';
import { orderParams } from '../../contract/orders';

export const handler = userRoute({ params: orderParams }, async ({ params: { id }, user }) => {
  const { order, gatewayPayment } = await orderOf(user, id);
  // Read only for an order that has had a claim: most orders' page is the order's own two reads.
  const claim = order.claimId ? await getClaim(user.id, order.orderId, order.claimId) : undefined;
  return success(orderDetailView(order, gatewayPayment, deliveredCode(order), claim));
});
