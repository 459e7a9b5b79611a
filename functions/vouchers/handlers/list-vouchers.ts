import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { vouchersOf } from '../service';
import { voucherView } from '../views';
import { vouchersBody } from '../../contract/shop';

export const handler = publicRoute({ ...formBody(vouchersBody) }, async ({ body: form }) =>
  success((await vouchersOf(form.mcategory_id)).map(voucherView)),
);
