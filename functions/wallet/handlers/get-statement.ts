import * as v from 'valibot';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { optionalText } from '../../shared/validation';
import { statementOf } from '../service';
import { statementView } from '../views';

const body = v.object({ cursor: optionalText(2000) });

export const handler = userRoute({ ...formBody(body) }, async ({ body: form, user }) =>
  success(statementView(await statementOf(user, { cursor: form.cursor, limit: 50 }))),
);
