import * as v from 'valibot';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idParams, requiredRemark } from '../input';
import { refundOrder, refundOrderToPaymentMethod } from '../service/orders';
import { adminOrderDetailView } from '../views';

/** `to`: the shopper's wallet (the default), or back to the bKash/Nagad that paid a gateway order. */
const body = v.object({
  remark: requiredRemark,
  to: v.optional(v.picklist(['wallet', 'gateway'], 'Refund to the wallet or the payment method'), 'wallet'),
});

export const handler = adminRoute({ params: idParams, ...formBody(body) }, async ({ params, body: form, user }) => {
  if (form.to === 'gateway')
    return success(
      adminOrderDetailView(await refundOrderToPaymentMethod(user, params.id, form.remark)),
      'Order refunded to the payment method',
    );
  return success(adminOrderDetailView(await refundOrder(user, params.id, form.remark)), 'Order refunded to the wallet');
});
