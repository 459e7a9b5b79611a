import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { quoteBody } from '../../contract/promotions';
import { quote } from '../quote';

export const handler = publicRoute({ ...formBody(quoteBody) }, async ({ body }) => {
  const priced = await quote({ planId: body.plan_id, voucherId: body.voucher_id, qty: body.qty, coupanCode: body.coupan_code });
  return success({
    price: priced.price,
    discount: priced.discount,
    total: priced.total,
    coupan_code: priced.coupanCode,
    sale: priced.sale && { price: priced.sale.price, ends_at: new Date(priced.sale.endsAt).toISOString(), left: priced.sale.left },
  });
});
