import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { blockBody } from '../../contract/admin-operations';
import { block } from '../service/risk';
import { blockView } from '../views';

export const handler = adminRoute({ ...formBody(blockBody) }, async ({ body, user }) =>
  success(blockView(await block(user, body.kind, body.value, body.reason)), 'Blocked'),
);
