import * as v from 'valibot';
import { httpHandler, success } from '../../shared/http';
import { optionalText, requiredText, wholeTaka } from '../../shared/validation';
import { startTopUp } from '../top-up';

const body = v.object({
  amount: wholeTaka(),
  /** A millisecond timestamp followed by a random number below 10000 (spec §3). */
  txn_id: v.pipe(requiredText('txn_id is required', 40), v.regex(/^\d{6,40}$/, 'Invalid txn_id')),
  requestData: optionalText(200),
});

export const handler = httpHandler({ access: 'user', body }, async ({ body: form, session, siteOrigin }) => {
  const { paymentUrl } = await startTopUp(session, { amount: form.amount, txnId: form.txn_id, note: form.requestData }, siteOrigin);
  const message = 'Complete the payment to add money to your wallet';
  return success({ status: 1, payment_url: paymentUrl, message }, message);
});
