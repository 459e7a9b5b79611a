import { httpHandler, success } from '../../shared/http';
import { topUpHistory } from '../top-up';
import { walletRequestView } from '../views';

export const handler = httpHandler({ access: 'user' }, async ({ session }) => success((await topUpHistory(session)).map(walletRequestView)));
