import * as v from 'valibot';
import { httpHandler, success } from '../../shared/http';
import { idField } from '../../shared/validation';
import { plans } from '../service';
import { planView } from '../views';

const body = v.object({ category_id: idField('category id') });

export const handler = httpHandler({ access: 'public', body }, async ({ body: form }) => success((await plans(form.category_id)).map(planView)));
