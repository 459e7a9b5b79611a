import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idParams } from '../../contract/fields';
import { refundOrder, refundOrderToPaymentMethod, withGameIcon } from '../service/orders';
import { adminOrderDetailView } from '../views';
import { refundOrderBody } from '../../contract/admin-operations';

export const handler = adminRoute({ params: idParams, ...formBody(refundOrderBody) }, async ({ params, body: form, user }) => {
  if (form.to === 'gateway')
    return success(
      adminOrderDetailView(await withGameIcon(await refundOrderToPaymentMethod(user, params.id, form.remark, form.seen_status))),
      'Order refunded to the payment method',
    );
  return success(
    adminOrderDetailView(await withGameIcon(await refundOrder(user, params.id, form.remark, form.seen_status))),
    'Order refunded to the wallet',
  );
});
