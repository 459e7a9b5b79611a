import * as v from 'valibot';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { accountFields, orderPayload, priceField } from '../order-input';
import { placeWalletOrder } from '../service';
import { orderView } from '../views';

const body = v.object({ ...orderPayload, paid_from_wallet: priceField });

export const handler = userRoute({ ...formBody(body) }, async ({ body: form, user }) => {
  const order = await placeWalletOrder(user, { planId: form.plan_id, price: form.paid_from_wallet, ...accountFields(form) });
  return success(orderView(order), 'Order placed successfully. Delivery usually takes 5-10min.');
});
