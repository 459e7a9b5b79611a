import * as v from 'valibot';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { accountFields, orderPayload, priceField } from '../order-input';
import { startGatewayOrder } from '../service';

const body = v.object({ ...orderPayload, amount: priceField });

export const handler = userRoute({ ...formBody(body) }, async ({ body: form, user, clientIp }) => {
  const { paymentUrl, orderId } = await startGatewayOrder(
    user,
    { planId: form.plan_id, price: form.amount, ...accountFields(form) },
    clientIp,
  );
  const message = 'Complete the payment to place your order';
  return success({ status: 1, payment_url: paymentUrl, message, id: orderId }, message);
});
