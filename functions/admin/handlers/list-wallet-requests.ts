import * as v from 'valibot';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { pageQuery, walletRequestStatusField } from '../input';
import { walletRequestsOf } from '../service/wallet-requests';
import { pageView } from '../../shared/cursor';
import { adminWalletRequestView } from '../views';

const query = v.object({ status: walletRequestStatusField, ...pageQuery });

export const handler = adminRoute({ query }, async ({ query: { status, cursor, limit } }) =>
  success(pageView(await walletRequestsOf(status, { cursor, limit }), adminWalletRequestView)),
);
