import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idParams } from '../../contract/fields';
import { resolveRefundBody } from '../../contract/admin-operations';
import { resolveRefund, withGameIcon } from '../service/orders';
import { adminOrderDetailView } from '../views';

export const handler = adminRoute({ params: idParams, ...formBody(resolveRefundBody) }, async ({ params, body: form, user }) =>
  success(
    adminOrderDetailView(await withGameIcon(await resolveRefund(user, params.id, form.outcome, form.note))),
    form.outcome === 'refunded' ? 'Recorded as refunded at the gateway' : 'Released: the order may be refunded again',
  ),
);
