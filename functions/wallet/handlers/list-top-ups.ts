import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { topUpHistory } from '../service';
import { walletRequestView } from '../views';

export const handler = userRoute({}, async ({ user }) => success((await topUpHistory(user)).map(walletRequestView)));
