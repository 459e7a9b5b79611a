import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { pushSubscriptionBody } from '../../contract/accounts';
import { subscribePush } from '../service';

export const handler = userRoute({ ...formBody(pushSubscriptionBody) }, async ({ body: device, user }) => {
  await subscribePush({ userId: user.id, endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth });
  return success({});
});
