import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { waitingPayments } from '../service/wallet-requests';
import { adminWaitingPaymentView } from '../views';

export const handler = adminRoute({}, async () => success((await waitingPayments()).map(adminWaitingPaymentView)));
