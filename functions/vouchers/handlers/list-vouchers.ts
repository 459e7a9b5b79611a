import * as v from 'valibot';
import { httpHandler, success } from '../../shared/http';
import { idField } from '../../shared/validation';
import { vouchersOf } from '../service';
import { voucherView } from '../views';

const body = v.object({ mcategory_id: idField('category id') });

export const handler = httpHandler({ access: 'public', body }, async ({ body: form }) =>
  success((await vouchersOf(form.mcategory_id)).map(voucherView)),
);
