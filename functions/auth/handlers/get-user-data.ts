import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { accountOf } from '../service/accounts';
import { userInfoView } from '../views';

export const handler = userRoute({}, async ({ user }) => success(userInfoView(await accountOf(user))));
