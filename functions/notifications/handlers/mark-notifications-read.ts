import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { markRead } from '../service';
import { markReadBody } from '../../contract/accounts';

export const handler = userRoute({ ...formBody(markReadBody) }, async ({ body: form, user }) =>
  success({ unread: await markRead(user.id, form.ids) }),
);
