import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { statementOf } from '../service';
import { statementView } from '../views';
import { statementBody } from '../../contract/orders';

export const handler = userRoute({ ...formBody(statementBody) }, async ({ body: form, user }) =>
  success(statementView(await statementOf(user, { cursor: form.cursor, limit: 50 }))),
);
