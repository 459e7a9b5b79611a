import * as v from 'valibot';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idField } from '../../shared/validation';
import { vouchersOf } from '../service/vouchers';
import { adminVoucherView } from '../views';

const query = v.object({ mcategory_id: v.optional(idField('brand')) });

export const handler = adminRoute({ query }, async ({ query: { mcategory_id } }) =>
  success((await vouchersOf(mcategory_id)).map(adminVoucherView)),
);
