import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { codeHistory } from '../service';
import { codeOrderView } from '../views';

export const handler = userRoute({}, async ({ user }) => success((await codeHistory(user)).map(codeOrderView)));
