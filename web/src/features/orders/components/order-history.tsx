import { Link } from 'react-router-dom';
import { StatusBadge } from '../../../components/status-badge';
import { paths } from '../../../config/paths';
import { dateTime, taka } from '../../../lib/format';
import { PaymentActions } from '../../payments/components/payment-actions';
import type { PlanOrder } from '../api/get-orders';
import { deliveryLabel } from '../delivery';
import { BuyAgainLink } from './buy-again-link';

/** How an order was paid, in words. */
export const paidByLabel = (paidBy: PlanOrder['paid_by']) => (paidBy === 'wallet' ? 'Wallet' : 'Instant Payment');

/** An order's game and plan in one line: "Free Fire · 25 Diamonds". */
export const orderTitle = (order: Pick<PlanOrder, 'game' | 'plan_name'>) =>
  order.game ? `${order.game} · ${order.plan_name}` : order.plan_name;

/** Where a pending order's delivery stands, or why a refunded one was refunded (a failed delivery), under its status. */
function DeliveryNote({ order }: { order: PlanOrder }) {
  const label = deliveryLabel(order);
  return label ? <small className="muted block">{label}</small> : null;
}

/** The user's plan orders, newest first, each naming its game and linking to its page; one waiting for its payment has Pay now and Cancel. A card per row on a phone. */
export function OrderHistory({ orders }: { orders: PlanOrder[] }) {
  if (orders.length === 0) {
    return (
      <div className="empty-state">
        <p>No orders yet. Top up a game to see it here.</p>
        <Link className="button button-primary button-small" to={paths.playerIdTopup}>
          Top up a game
        </Link>
      </div>
    );
  }
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th>Order</th>
          <th>Date</th>
          <th>Game and plan</th>
          <th>Player / account</th>
          <th>Paid</th>
          <th>Status</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.order_id} data-order-id={order.order_id}>
            <td data-label="Order">
              <Link className="mono" to={paths.profileOrder(order.order_id)} aria-label={`Order ${order.order_id}`}>
                {order.order_id}
              </Link>
            </td>
            <td data-label="Date">{dateTime(order.created_at)}</td>
            <td data-label="Game and plan">{orderTitle(order)}</td>
            <td data-label="Player / account" className="wrap">
              {order.saccount_id}
              {order.delivery.player_name && <small className="muted block">Player: {order.delivery.player_name}</small>}
            </td>
            <td data-label="Paid" className="amount">
              {taka(order.paid_amount)}
              <small className="muted block">{paidByLabel(order.paid_by)}</small>
            </td>
            <td data-label="Status">
              {order.awaiting_payment ? (
                <span className="awaiting-cell">
                  <span className="status-badge status-wait">Awaiting payment</span>
                  {order.payment_url && (
                    <PaymentActions
                      payment={{ kind: 'order', id: order.order_id, paymentUrl: order.payment_url, from: paths.profileOrders }}
                      confirmingSince={order.payment_confirming ? order.created_at : undefined}
                    />
                  )}
                </span>
              ) : (
                <>
                  <StatusBadge status={order.status} />
                  {order.status !== 'completed' && <DeliveryNote order={order} />}
                  {order.remark && <small className="muted block">{order.remark}</small>}
                  <BuyAgainLink order={order} className="button button-ghost button-small buy-again" />
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
