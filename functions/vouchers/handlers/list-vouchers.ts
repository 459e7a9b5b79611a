import { formBody } from '../../http/body';
import { publicTwinRead } from '../../http/public-route';
import { success } from '../../http/stack';
import { vouchersOf } from '../service';
import { voucherView } from '../views';
import { vouchersBody } from '../../contract/shop';

export const handler = publicTwinRead({ ...formBody(vouchersBody), query: vouchersBody, cachedAs: 'vouchers' }, async ({ mcategory_id }) =>
  success((await vouchersOf(mcategory_id)).map(voucherView)),
);
