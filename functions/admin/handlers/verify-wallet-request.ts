import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { walletRequestWireStatus } from '../../wallet/views';
import { idParams } from '../../contract/fields';
import { verifyWalletRequest } from '../service/wallet-requests';

const messages = {
  completed: 'Paid: the wallet is credited',
  cancelled: 'The payment was not completed',
  pending: 'The gateway says the payment is still pending',
};

export const handler = adminRoute({ params: idParams }, async ({ params, user }) => {
  const status = await verifyWalletRequest(user, params.id);
  return success({ status: walletRequestWireStatus[status] }, messages[status]);
});
