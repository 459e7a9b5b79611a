import { formBody } from '../../http/body';
import { publicTwinRead } from '../../http/public-route';
import { success } from '../../http/stack';
import { salesOnShow } from '../../promotions/service';
import { saleFields } from '../../promotions/views';
import { vouchersOf } from '../service';
import { voucherView } from '../views';
import { vouchersBody } from '../../contract/shop';

/** A brand's vouchers with their stock and the sale prices running now; cached at the edge no longer than the next sale's start or end. */
export const handler = publicTwinRead(
  { ...formBody(vouchersBody), query: vouchersBody, cachedAs: 'vouchers' },
  async ({ mcategory_id }) => {
    const found = await vouchersOf(mcategory_id);
    const { saleOf, freshForSeconds } = await salesOnShow(found, Date.now());
    return { ...success(found.map((voucher) => ({ ...voucherView(voucher), ...saleFields(saleOf(voucher)) }))), freshForSeconds };
  },
);
