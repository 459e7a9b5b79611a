import * as v from 'valibot';
import { httpHandler, success } from '../../shared/http';
import { accountFields, orderPayload, priceField } from '../order-input';
import { placeWalletOrder } from '../service';
import { orderView } from '../views';

const body = v.object({ ...orderPayload, paid_from_wallet: priceField });

export const handler = httpHandler({ access: 'user', body }, async ({ body: form, session }) => {
  const order = await placeWalletOrder(session, { planId: form.plan_id, price: form.paid_from_wallet, ...accountFields(form) });
  return success(orderView(order), 'Order placed successfully. Delivery usually takes 5-10min.');
});
