import { Link } from 'react-router-dom';
import { StatusBadge } from '../../../components/status-badge';
import { paths } from '../../../config/paths';
import { PaymentActions } from '../../payments/components/payment-actions';
import type { PlanOrder } from '../api/get-orders';
import { deliveryLabel } from '../delivery';
import { useT } from '../messages';
import { BuyAgainLink } from './buy-again-link';

/** A message of the current language, as `useT()` gives it. */
type Translate = ReturnType<typeof useT>['t'];

/** How an order was paid, in words. */
export const paidByLabel = (paidBy: PlanOrder['paid_by'], t: Translate) =>
  paidBy === 'wallet' ? t('orders.paidByWallet') : t('orders.paidByInstant');

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
  const { t, taka, dateTime } = useT();
  if (orders.length === 0) {
    return (
      <div className="empty-state">
        <p>{t('orders.empty')}</p>
        <Link className="button button-primary button-small" to={paths.playerIdTopup}>
          {t('orders.topUpGame')}
        </Link>
      </div>
    );
  }
  const columns = {
    order: t('orders.colOrder'),
    date: t('orders.colDate'),
    gamePlan: t('orders.colGamePlan'),
    player: t('orders.colPlayer'),
    paid: t('orders.colPaid'),
    status: t('orders.colStatus'),
  };
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th>{columns.order}</th>
          <th>{columns.date}</th>
          <th>{columns.gamePlan}</th>
          <th>{columns.player}</th>
          <th>{columns.paid}</th>
          <th>{columns.status}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.order_id} data-order-id={order.order_id}>
            <td data-label={columns.order}>
              <Link className="mono" to={paths.profileOrder(order.order_id)} aria-label={t('orders.orderLink', { id: order.order_id })}>
                {order.order_id}
              </Link>
            </td>
            <td data-label={columns.date}>{dateTime(order.created_at)}</td>
            <td data-label={columns.gamePlan}>{orderTitle(order)}</td>
            <td data-label={columns.player} className="wrap">
              {order.saccount_id}
              {order.delivery.player_name && (
                <small className="muted block">{t('orders.playerName', { name: order.delivery.player_name })}</small>
              )}
            </td>
            <td data-label={columns.paid} className="amount">
              {taka(order.paid_amount)}
              <small className="muted block">{paidByLabel(order.paid_by, t)}</small>
            </td>
            <td data-label={columns.status}>
              {order.awaiting_payment ? (
                <span className="awaiting-cell">
                  <span className="status-badge status-wait">{t('orders.awaitingPayment')}</span>
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
