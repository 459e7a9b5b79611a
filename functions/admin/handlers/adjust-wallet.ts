import * as v from 'valibot';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { requiredText, signedWholeTaka } from '../../shared/validation';
import { idParams } from '../input';
import { adjustWallet } from '../service/users';

const body = v.object({ amount: signedWholeTaka(), reason: requiredText('A reason is required', 200) });

export const handler = adminRoute({ params: idParams, ...formBody(body) }, async ({ params, body: form, user }) => {
  const wallet = await adjustWallet(user, params.id, form.amount, form.reason);
  return success({ balance: wallet.balance }, 'Balance adjusted');
});
