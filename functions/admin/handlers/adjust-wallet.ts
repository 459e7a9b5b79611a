import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idParams } from '../../contract/fields';
import { adjustWallet } from '../service/users';
import { adjustWalletBody } from '../../contract/admin-operations';

export const handler = adminRoute({ params: idParams, ...formBody(adjustWalletBody) }, async ({ params, body: form, user }) => {
  const wallet = await adjustWallet(user, params.id, form.amount, form.reason);
  return success({ balance: wallet.balance }, 'Balance adjusted');
});
