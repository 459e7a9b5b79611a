import { z } from 'zod';
import { httpHandler, success } from '../../shared/http';
import { idField } from '../../shared/validation';
import { plans } from '../service';
import { planView } from '../views';

const body = z.object({ category_id: idField('category id') });

export const handler = httpHandler({ access: 'public', body }, async ({ body: form }) => success((await plans(form.category_id)).map(planView)));
