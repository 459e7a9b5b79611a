import { httpHandler, success } from '../../shared/http';
import { currentAccount } from '../service';
import { userInfoView } from '../views';

export const handler = httpHandler({ access: 'user' }, async ({ session }) => success(userInfoView(await currentAccount(session))));
