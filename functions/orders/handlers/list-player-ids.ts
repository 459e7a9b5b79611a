import * as v from 'valibot';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { idField } from '../../shared/validation';
import { playerIdsOf } from '../service';
import { recentPlayerIdView } from '../views';

const body = v.object({ master_category: idField('game') });

export const handler = userRoute({ ...formBody(body) }, async ({ body: form, user }) =>
  success((await playerIdsOf(user, form.master_category)).map(recentPlayerIdView)),
);
