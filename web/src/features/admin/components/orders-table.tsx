import type { AdminOrderRow } from '@contract/wire';
import { Link } from 'react-router-dom';
import { CopyButton } from '../../../components/copy-button';
import { StatusBadge } from '../../../components/status-badge';
import { adminPaths } from '../../../config/admin-paths';
import { dateTime, taka } from '../../../lib/format';
import { ago } from '../format';
import { OrderActions } from './order-actions';

/** How an order was paid, as a badge. */
export const PaidBy = ({ paidBy }: { paidBy: AdminOrderRow['paid_by'] }) =>
  paidBy === 'wallet' ? <span className="badge badge-muted">Wallet</span> : <span className="badge badge-info">Gateway</span>;

/**
 * The orders queue: the player ID large with a copy button, the plan and price, how it was paid,
 * when, and the moves it allows. A table on a laptop, a card per order on a phone.
 */
export function OrdersTable({ orders }: { orders: AdminOrderRow[] }) {
  return (
    <div className="table-scroll">
      <table className="admin-table orders-table">
        <thead>
          <tr>
            <th>Player ID / account</th>
            <th>Plan</th>
            <th>Paid</th>
            <th>Placed</th>
            <th>Status</th>
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.order_id} className={order.status === '0' ? undefined : 'row-done'} data-order-id={order.order_id}>
              <td className="cell-lead">
                {order.account_type ? <small className="muted block">{order.account_type} login</small> : null}
                <div className="player-id">
                  <span className="player-id-text">{order.saccount_id}</span>
                  <CopyButton text={order.saccount_id} label={`Copy ${order.account_type ? 'login' : 'player ID'} ${order.saccount_id}`} />
                </div>
                <Link className="text-link small" to={adminPaths.order(order.order_id)}>
                  Order {order.order_id}
                </Link>
              </td>
              <td data-label="Plan">
                <span>
                  {order.plan_name} <strong className="amount">{taka(order.paid_amount)}</strong>
                </span>
              </td>
              <td data-label="Paid">
                <PaidBy paidBy={order.paid_by} />
              </td>
              <td data-label="Placed">
                <span title={dateTime(order.created_at)}>
                  {ago(order.created_at)}
                  <small className="muted block">{dateTime(order.created_at)}</small>
                </span>
              </td>
              <td data-label="Status">
                <span>
                  <StatusBadge status={order.status} kind="order" />
                  {order.remark && <small className="muted block remark">{order.remark}</small>}
                </span>
              </td>
              <td className="cell-actions">
                <OrderActions order={order} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
