import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { pushUnsubscribeBody } from '../../contract/accounts';
import { unsubscribePush } from '../push-devices';

export const handler = userRoute({ ...formBody(pushUnsubscribeBody) }, async ({ body: device, user }) => {
  await unsubscribePush(user.id, device.endpoint);
  return success({});
});
