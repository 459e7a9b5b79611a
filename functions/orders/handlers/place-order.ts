import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { heldOrderMessage, isHeld } from '../../risk/holds';
import { deliveredCode } from '../delivery';
import { accountFields } from '../order-input';
import { placeWalletOrder } from '../service';
import { orderView } from '../views';
import { placeOrderBody } from '../../contract/orders';

export const handler = userRoute({ ...formBody(placeOrderBody) }, async ({ body: form, user, clientIp, deviceId }) => {
  const order = await placeWalletOrder(
    user,
    { planId: form.plan_id, price: form.paid_from_wallet, ...accountFields(form) },
    { clientIp, deviceId },
  );
  const message =
    order.status === 'completed'
      ? 'Order placed and delivered.'
      : isHeld(order)
        ? heldOrderMessage
        : order.delivery?.mode === 'supplier' && order.delivery.state === 'queued'
          ? 'Order placed: your top-up is being delivered.'
          : 'Order placed successfully. Delivery usually takes 5-10min.';
  return success(orderView(order, undefined, deliveredCode(order)), message);
});
