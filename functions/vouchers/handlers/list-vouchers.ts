import * as v from 'valibot';
import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { idField } from '../../shared/validation';
import { vouchersOf } from '../service';
import { voucherView } from '../views';

const body = v.object({ mcategory_id: idField('category id') });

export const handler = publicRoute({ ...formBody(body) }, async ({ body: form }) =>
  success((await vouchersOf(form.mcategory_id)).map(voucherView)),
);
