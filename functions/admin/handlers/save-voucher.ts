import * as v from 'valibot';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idField, requiredText, wholeTaka } from '../../shared/validation';
import { htmlField, imageField, optionalId, positionField } from '../input';
import { saveVoucher } from '../service/vouchers';
import { adminVoucherView } from '../views';

const body = v.object({
  voucher_id: optionalId,
  mcategory_id: idField('brand'),
  voucher_name: requiredText('Name is required', 120),
  price: wholeTaka('Price'),
  image: imageField('Image'),
  description: htmlField(),
  position: positionField,
});

export const handler = adminRoute({ ...formBody(body) }, async ({ body: form, user }) => {
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
