import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { buyCodes } from '../service';
import { codeSaleView } from '../views';
import { buyVoucherBody } from '../../contract/orders';

export const handler = userRoute({ ...formBody(buyVoucherBody) }, async ({ body: form, user, clientIp, deviceId }) => {
  const { order } = await buyCodes(
    user,
    form.voucher_id,
    form.qty,
    { clientIp, deviceId },
    { coupanCode: form.coupan_code, expectedTotal: form.expected_total },
  );
  return success(codeSaleView(order), 'Purchase successful. Your codes are in My Codes.');
});
