import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { pushDevicesBody } from '../../contract/accounts';
import { pushDevicesOf } from '../push-devices';
import { pushDeviceView } from '../views';

export const handler = userRoute({ ...formBody(pushDevicesBody) }, async ({ body, user }) =>
  success({ items: (await pushDevicesOf(user, body.endpoint)).map(pushDeviceView) }),
);
