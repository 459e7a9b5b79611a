import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { vouchersOf } from '../service/vouchers';
import { adminVoucherView } from '../catalog-views';
import { adminVouchersQuery } from '../../contract/admin-catalog';

export const handler = adminRoute({ query: adminVouchersQuery }, async ({ query: { mcategory_id } }) =>
  success((await vouchersOf(mcategory_id)).map(adminVoucherView)),
);
