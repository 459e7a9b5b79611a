import * as v from 'valibot';
import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { idField, optionalText } from '../../shared/validation';
import { planGroups } from '../service';
import { planGroupView } from '../views';

// user_id is sent by the spec's client; the groups are the same for everyone, so it is accepted and unused.
const body = v.object({ master_category: idField('category id'), user_id: optionalText(64) });

export const handler = publicRoute({ ...formBody(body) }, async ({ body: form }) =>
  success((await planGroups(form.master_category)).map(planGroupView)),
);
