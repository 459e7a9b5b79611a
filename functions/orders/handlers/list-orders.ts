import { httpHandler, success } from '../../shared/http';
import { orderHistory } from '../service';
import { orderView } from '../views';

export const handler = httpHandler({ access: 'user' }, async ({ session }) => success((await orderHistory(session)).map(orderView)));
