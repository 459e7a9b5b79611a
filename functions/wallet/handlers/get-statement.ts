import * as v from 'valibot';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { optionalText } from '../../shared/validation';
import { statementOf } from '../service';
import { statementView } from '../views';

const body = v.object({ cursor: optionalText(2000) });

export const handler = userRoute({ body }, async ({ body: form, user }) => success(statementView(await statementOf(user, { cursor: form.cursor, limit: 50 }))));
