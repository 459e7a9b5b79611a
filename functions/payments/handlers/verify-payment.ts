import * as v from 'valibot';
import { requireActiveUser } from '../../auth/service';
import { httpHandler, success } from '../../shared/http';
import { requiredText } from '../../shared/validation';
import { settleInvoice } from '../settle';

const body = v.object({ invoice_id: requiredText('invoice_id is required', 100) });

/** The return path: the payer is back from the gateway with an invoice id; settle it now if paid. */
export const handler = httpHandler({ access: 'user', body }, async ({ body: form, session }) => {
  // Both at once; a revoked session is the answer whatever the gateway said.
  const [user, settled] = await Promise.allSettled([requireActiveUser(session), settleInvoice(form.invoice_id, session.userId)]);
  if (user.status === 'rejected') throw user.reason;
  if (settled.status === 'rejected') throw settled.reason;
  const result = settled.value;
  const message = result?.status === '1' ? 'Payment received' : result?.status === '2' ? 'Payment was not completed' : 'Payment is being processed';
  return success(result, message);
});
