import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { payerHoldBody } from '../../contract/admin-operations';
import { withGameIcons } from '../service/orders';
import { holdPayerOrders } from '../service/risk';
import { payerHistoryView } from '../views';

export const handler = adminRoute({ ...formBody(payerHoldBody) }, async ({ body, user }) => {
  const after = await holdPayerOrders(user, body.number, body.from, body.to, body.reason);
  return success(
    payerHistoryView({ ...after, orders: await withGameIcons(after.orders) }, after.held),
    after.held === 1 ? '1 order held' : `${after.held} orders held`,
  );
});
