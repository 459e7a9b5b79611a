import type { AdminOrder } from '../api/get-orders';
import { Link } from 'react-router-dom';
import { CopyButton } from '../../../../components/copy-button';
import { adminPaths } from '../../../../config/admin-paths';
import { taka } from '../../../../lib/format';
import { AdminTable, type Column, StatusWithNote, TimeAgo } from '../../kit/components/admin-table';
import { OrderActions } from './order-actions';
import { DeliveryCell } from './order-delivery';
import { OrderGame } from './order-game';

/** How an order was paid, as a badge. */
export const PaidBy = ({ paidBy }: { paidBy: AdminOrder['paid_by'] }) =>
  paidBy === 'wallet' ? <span className="badge badge-muted">Wallet</span> : <span className="badge badge-info">Gateway</span>;

/** An order's plan and price, as every table of orders shows them. */
export const planColumn = <T extends Pick<AdminOrder, 'plan_name' | 'paid_amount'>>(): Column<T> => ({
  header: 'Plan',
  cell: (order) => (
    <span>
      {order.plan_name} <strong className="amount">{taka(order.paid_amount)}</strong>
    </span>
  ),
});

/** When an order was placed, as every table of orders shows it. */
export const placedColumn = <T extends Pick<AdminOrder, 'created_at'>>(): Column<T> => ({
  header: 'Placed',
  cell: (order) => <TimeAgo iso={order.created_at} />,
});

const columns: Column<AdminOrder>[] = [
  {
    header: 'Player ID / account',
    lead: true,
    cell: (order) => (
      <>
        <OrderGame game={order.game} icon={order.game_icon} />
        {order.account_type ? <small className="muted block">{order.account_type} login</small> : null}
        <div className="player-id">
          <span className="player-id-text">{order.saccount_id}</span>
          <CopyButton text={order.saccount_id} label={`Copy ${order.account_type ? 'login' : 'player ID'} ${order.saccount_id}`} />
        </div>
        <Link className="text-link small" to={adminPaths.order(order.order_id)}>
          Order {order.order_id}
        </Link>
      </>
    ),
  },
  planColumn(),
  { header: 'Paid', cell: (order) => <PaidBy paidBy={order.paid_by} /> },
  placedColumn(),
  {
    header: 'Status',
    cell: (order) => (
      <>
        <StatusWithNote status={order.status} note={order.remark} />
        <DeliveryCell status={order.status} delivery={order.delivery} />
      </>
    ),
  },
];

/**
 * The orders queue: the game with its icon, the player ID large with a copy button, the plan and price, how it was paid,
 * when, how an automatic order's delivery stands, and the moves it allows. A table on a laptop, a card per order on a phone.
 */
export function OrdersTable({ orders, listStatus }: { orders: AdminOrder[]; listStatus?: AdminOrder['status'] }) {
  // An order moved out of the list's status shows its new status a moment, folding away, and then leaves it: the next one moves up.
  const rowClass = (order: AdminOrder) =>
    [order.status === 'pending' ? '' : 'row-done', listStatus && order.status !== listStatus ? 'row-leaving' : '']
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <AdminTable
      className="orders-table"
      rows={orders}
      columns={columns}
      rowKey={(order) => order.order_id}
      rowAttributes={(order) => ({ className: rowClass(order), 'data-order-id': order.order_id })}
      actions={(order) => <OrderActions order={order} />}
    />
  );
}
