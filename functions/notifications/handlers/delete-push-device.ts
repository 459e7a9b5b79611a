import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { pushDeviceDeleteBody } from '../../contract/accounts';
import { removePushDevice } from '../push-devices';

export const handler = userRoute({ ...formBody(pushDeviceDeleteBody) }, async ({ body, user }) => {
  await removePushDevice(user.id, body.id);
  return success({}, 'Notifications turned off on that device');
});
