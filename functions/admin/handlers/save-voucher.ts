import { formBody } from '../../http/body';
import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { saveVoucher } from '../service/vouchers';
import { adminVoucherView } from '../catalog-views';
import { saveVoucherBody } from '../../contract/admin-catalog';

export const handler = adminRoute({ ...formBody(saveVoucherBody), ...invalidating('vouchers') }, async ({ body: form, user }) => {
  const voucher = await saveVoucher(user, {
    id: form.voucher_id,
    masterCategoryId: form.mcategory_id,
    name: form.voucher_name,
    price: form.price,
    image: form.image,
    description: form.description,
    position: form.position,
  });
  return success(adminVoucherView(voucher), 'Saved');
});
