import type { OrderDetail as Order } from '../api/get-order';
import { Link } from 'react-router-dom';
import { CopyButton } from '../../../components/copy-button';
import { PlayIcon } from '../../../components/icons';
import { StatusBadge } from '../../../components/status-badge';
import { contactAboutOrder, paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { dateTime, taka } from '../../../lib/format';
import { useRedeemLink } from '../../content/api/get-redeem-link';
import { PushToggle } from '../../notifications/components/push-toggle';
import { PaymentActions } from '../../payments/components/payment-actions';
import { useOrder } from '../api/get-order';
import { deliveryLabel } from '../delivery';
import { BuyAgainLink } from './buy-again-link';
import { OrderChat } from './order-chat';
import { orderTitle, paidByLabel } from './order-history';

const stepLabels: Record<Order['timeline'][number]['status'], string> = {
  placed: 'Order placed',
  awaiting_payment: 'Awaiting payment',
  payment_cancelled: 'Payment cancelled: the order was not placed',
  paid: 'Paid',
  delivering: 'Sent for delivery',
  delivered: 'Delivered',
  delivery_failed: 'Delivery failed: refunded to your wallet',
  completed: 'Completed',
  refunded: 'Refunded to your wallet',
};

/**
 * One order: the game, plan, player ID (and the player's name when the game's lookup knew it),
 * amount and how it was paid, where its delivery stands (a stock code to copy and redeem), what
 * happened when, and a way to ask about it.
 */
export function OrderDetail({ id }: { id: string }) {
  const { data: order, error, isLoading, mutate } = useOrder(id);
  if (isLoading)
    return (
      <div className="panel" aria-busy="true">
        <div className="skeleton table-skeleton" />
      </div>
    );
  if (!order) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <section className="panel status-panel" role={missing ? undefined : 'alert'}>
        <h1>{missing ? 'Order not found' : 'The order could not be loaded'}</h1>
        <p className="muted">{missing ? 'There is no order with this ID in your account.' : 'Check your connection and try again.'}</p>
        <div className="button-row">
          {!missing && (
            <button type="button" className="button button-primary button-small" onClick={() => void mutate()}>
              Retry
            </button>
          )}
          <Link className="button button-ghost button-small" to={paths.profileOrders}>
            My Orders
          </Link>
        </div>
      </section>
    );
  }
  const details: [string, React.ReactNode][] = [
    ['Game', order.game || '—'],
    ['Plan', order.plan_name],
    [
      'Player ID / account',
      <span key="player-id" className="player-id-text">
        {order.saccount_id}
      </span>,
    ],
  ];
  if (order.delivery.player_name) details.push(['Player', order.delivery.player_name]);
  details.push(['Amount', taka(order.paid_amount)], ['Paid with', paidByLabel(order.paid_by)], ['Ordered', dateTime(order.created_at)]);
  const delivery = deliveryLabel(order);
  if (delivery)
    details.push([
      'Delivery',
      <span key="delivery" data-testid="order-delivery">
        {delivery}
      </span>,
    ]);
  const stockCode = order.delivery.mode === 'stock' ? order.delivery.code : '';
  return (
    <section className="panel order-page" aria-labelledby="order-title">
      <div className="panel-head">
        <div>
          <p className="eyebrow">
            <Link to={paths.profileOrders}>← My Orders</Link>
          </p>
          <h1 id="order-title">
            Order <span className="mono">{order.order_id}</span>
          </h1>
          <p className="muted">{orderTitle(order)}</p>
        </div>
        {order.awaiting_payment ? (
          <span className="status-badge status-wait">Awaiting payment</span>
        ) : order.payment_cancelled ? (
          <span className="status-badge status-off">Payment cancelled</span>
        ) : (
          <StatusBadge status={order.status} />
        )}
      </div>
      {order.awaiting_payment && order.payment_url && (
        <div className="waiting-payment">
          <p>This order waits for its payment of {taka(order.paid_amount)}.</p>
          <PaymentActions
            payment={{ kind: 'order', id: order.order_id, paymentUrl: order.payment_url, from: paths.profileOrder(order.order_id) }}
            confirmingSince={order.payment_confirming ? order.created_at : undefined}
            onCancelled={() => void mutate()}
          />
        </div>
      )}
      <dl className="detail-list">
        {details.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {stockCode && <DeliveredCode code={stockCode} />}
      <BuyAgainLink order={order} className="button button-primary button-small buy-again" />
      <h2 className="panel-subtitle">What happened</h2>
      <ol className="timeline" aria-label="Order timeline">
        {order.timeline.map((step, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the timeline only grows at its end, so a step's place is its identity.
          <li key={`${step.status}-${index}`} className={`timeline-step timeline-${step.status}`}>
            <span className="timeline-title">{stepLabels[step.status]}</span>
            <time dateTime={step.at}>{dateTime(step.at)}</time>
            {step.remark && <p className="timeline-remark">{step.remark}</p>}
          </li>
        ))}
        {order.status === 'pending' && !order.awaiting_payment && !order.payment_cancelled && (
          <li className="timeline-step timeline-next">
            <span className="timeline-title">Delivery</span>
            <span className="muted">Usually within 5-10min</span>
          </li>
        )}
      </ol>
      <PushToggle />
      <div className="help-box">
        <p>Something wrong with this order? Write to us; its order ID is filled in for you.</p>
        <Link className="button button-ghost button-small" to={contactAboutOrder(order.order_id)}>
          Need help with this order?
        </Link>
      </div>
      <OrderChat orderId={order.order_id} />
    </section>
  );
}

/** A stock-delivered code: large, with one-tap copy, and the shop's video of how to redeem it (its button held in place until the link comes). */
function DeliveredCode({ code }: { code: string }) {
  const { data: redeemLink } = useRedeemLink();
  return (
    <section className="delivered-code" aria-label="Your code">
      <p className="eyebrow">Your code</p>
      <p className="delivered-code-line">
        <code className="delivered-code-text" data-testid="delivered-code">
          {code}
        </code>
        <CopyButton text={code} label="Copy code" />
      </p>
      {redeemLink?.upay ? (
        <a className="button button-ghost button-small" href={redeemLink.upay} target="_blank" rel="noopener noreferrer">
          <PlayIcon size={14} /> How to redeem
        </a>
      ) : (
        <button type="button" className="button button-ghost button-small" disabled>
          <PlayIcon size={14} /> How to redeem
        </button>
      )}
    </section>
  );
}
