import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { unblockBody } from '../../contract/admin-operations';
import { unblock } from '../service/risk';

export const handler = adminRoute({ ...formBody(unblockBody) }, async ({ body, user }) => {
  await unblock(user, body.kind, body.value);
  return success({}, 'Block lifted');
});
