import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { walletRequestsOf } from '../service/wallet-requests';
import { pageView } from '../../shared/cursor';
import { adminWalletRequestView } from '../views';
import { walletRequestsQuery } from '../../contract/admin-operations';

export const handler = adminRoute({ query: walletRequestsQuery }, async ({ query: { status, cursor, limit } }) =>
  success(pageView(await walletRequestsOf(status, { cursor, limit }), adminWalletRequestView)),
);
