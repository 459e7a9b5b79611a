import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { notificationsOf } from '../service';
import { notificationListView } from '../views';
import { notificationsBody } from '../../contract/accounts';

export const handler = userRoute({ ...formBody(notificationsBody) }, async ({ body: form, user }) =>
  success(notificationListView(await notificationsOf(user.id, { cursor: form.cursor, limit: 30 }), form.language ?? user.language)),
);
