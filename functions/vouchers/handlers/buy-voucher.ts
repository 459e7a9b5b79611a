import * as v from 'valibot';
import { voucherQuantity } from '../../contract/rules';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { boundedInt, idField } from '../../shared/validation';
import { buyCodes } from '../service';
import { codeSaleView } from '../views';

const body = v.object({
  voucher_id: idField('voucher'),
  qty: boundedInt(voucherQuantity.min, voucherQuantity.max, `Quantity must be between ${voucherQuantity.min} and ${voucherQuantity.max}`),
});

export const handler = userRoute({ ...formBody(body) }, async ({ body: form, user }) => {
  const { order } = await buyCodes(user, form.voucher_id, form.qty);
  return success(codeSaleView(order), 'Purchase successful. Your codes are in My Codes.');
});
