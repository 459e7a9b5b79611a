import { StatusBadge } from '../../../components/status-badge';
import { dateTime, taka } from '../../../lib/format';
import type { PlanOrder } from '../api/get-orders';

/** The user's plan orders, newest first; a card per row on a phone. */
export function OrderHistory({ orders }: { orders: PlanOrder[] }) {
  if (orders.length === 0) return <p className="empty-state">No orders yet. Top up a game to see it here.</p>;
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th>Order</th>
          <th>Date</th>
          <th>Plan</th>
          <th>Player / account</th>
          <th>Paid</th>
          <th>Status</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.order_id}>
            <td data-label="Order" className="mono">
              {order.order_id}
            </td>
            <td data-label="Date">{dateTime(order.created_at)}</td>
            <td data-label="Plan">{order.plan_name}</td>
            <td data-label="Player / account" className="wrap">
              {order.saccount_id}
            </td>
            <td data-label="Paid" className="amount">
              {taka(order.paid_amount)}
            </td>
            <td data-label="Status">
              <StatusBadge status={order.status} kind="order" />
              {order.remark && <small className="muted block">{order.remark}</small>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
