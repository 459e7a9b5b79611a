import * as v from 'valibot';
import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { idField } from '../../shared/validation';
import { plans } from '../service';
import { planView } from '../views';

const body = v.object({ category_id: idField('category id') });

export const handler = publicRoute({ ...formBody(body) }, async ({ body: form }) => success((await plans(form.category_id)).map(planView)));
