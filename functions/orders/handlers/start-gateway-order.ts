import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { accountFields } from '../order-input';
import { startGatewayOrder } from '../service';
import { gatewayOrderBody } from '../../contract/orders';

export const handler = userRoute({ ...formBody(gatewayOrderBody) }, async ({ body: form, user, clientIp, deviceId }) => {
  const { paymentUrl, orderId } = await startGatewayOrder(
    user,
    { planId: form.plan_id, price: form.amount, ...accountFields(form) },
    { clientIp, deviceId },
  );
  const message = 'Complete the payment to place your order';
  return success({ status: 1, payment_url: paymentUrl, message, id: orderId }, message);
});
