import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { topUpLimits } from '../../shared/config';
import { startTopUp } from '../top-ups';
import { topUpBody } from '../../contract/orders';

export const handler = userRoute({ ...formBody(topUpBody(topUpLimits)) }, async ({ body: form, user, clientIp, deviceId }) => {
  const { paymentUrl, requestId } = await startTopUp(
    user,
    { amount: form.amount, txnId: form.txn_id, note: form.requestData },
    {
      clientIp,
      deviceId,
    },
  );
  const message = 'Complete the payment to add money to your wallet';
  return success({ status: 1, payment_url: paymentUrl, message, id: requestId }, message);
});
