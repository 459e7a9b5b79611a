import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { payerSearchQuery } from '../../contract/admin-operations';
import { withGameIcons } from '../service/orders';
import { payerHistory } from '../service/risk';
import { payerHistoryView } from '../views';

export const handler = adminRoute({ query: payerSearchQuery }, async ({ query }) => {
  const history = await payerHistory(query.number, query.from, query.to);
  return success(payerHistoryView({ ...history, orders: await withGameIcons(history.orders) }));
});
