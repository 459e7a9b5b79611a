import * as v from 'valibot';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { topUpLimits } from '../../shared/config';
import { optionalText, requiredText, wholeTaka } from '../../shared/validation';
import { startTopUp } from '../top-ups';

const taka = (amount: number) => `৳${amount.toLocaleString('en-IN')}`;

const body = v.object({
  amount: v.pipe(
    wholeTaka(),
    v.check(
      (amount) => amount >= topUpLimits.min && amount <= topUpLimits.max,
      `Add between ${taka(topUpLimits.min)} and ${taka(topUpLimits.max)} at a time`,
    ),
  ),
  /** A millisecond timestamp followed by a random number below 10000 (spec §3). */
  txn_id: v.pipe(requiredText('txn_id is required', 40), v.regex(/^\d{6,40}$/, 'Invalid txn_id')),
  requestData: optionalText(200),
});

export const handler = userRoute({ ...formBody(body) }, async ({ body: form, user, clientIp }) => {
  const { paymentUrl, requestId } = await startTopUp(user, { amount: form.amount, txnId: form.txn_id, note: form.requestData }, clientIp);
  const message = 'Complete the payment to add money to your wallet';
  return success({ status: 1, payment_url: paymentUrl, message, id: requestId }, message);
});
