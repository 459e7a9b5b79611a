import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { pushSubscriptionBody } from '../../contract/accounts';
import { subscribePush } from '../push-devices';

export const handler = userRoute({ ...formBody(pushSubscriptionBody) }, async ({ body: device, user, headers }) => {
  await subscribePush(user, device, headers['user-agent']);
  return success({});
});
