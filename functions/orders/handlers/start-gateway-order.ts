import * as v from 'valibot';
import { httpHandler, success } from '../../shared/http';
import { accountFields, orderPayload, priceField } from '../order-input';
import { startGatewayOrder } from '../service';

const body = v.object({ ...orderPayload, amount: priceField });

export const handler = httpHandler({ access: 'user', body }, async ({ body: form, session, siteOrigin }) => {
  const { paymentUrl } = await startGatewayOrder(session, { planId: form.plan_id, price: form.amount, ...accountFields(form) }, siteOrigin);
  const message = 'Complete the payment to place your order';
  return success({ status: 1, payment_url: paymentUrl, message }, message);
});
