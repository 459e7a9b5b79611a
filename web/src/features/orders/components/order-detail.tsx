import { useServerWords } from '../../../lib/server-messages';
import type { OrderDetail as Order } from '../api/get-order';
import { Trans } from '@lingui/react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { SWRResponse } from 'swr';
import { CopyButton } from '../../../components/copy-button';
import { PlayIcon } from '../../../components/icons';
import { StatusBadge } from '../../../components/status-badge';
import { contactAboutOrder, paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { useRedeemLink } from '../../content/api/get-redeem-link';
import { PushToggle } from '../../notifications/components/push-toggle';
import { PaymentActions } from '../../payments/components/payment-actions';
import { useGuestOrder } from '../api/get-guest-order';
import { useOrder } from '../api/get-order';
import { keepOpenedGuestOrder, rememberGuestOrder } from '../guest-links';
import { deliveryLabel } from '../delivery';
import { useT } from '../messages';
import { BuyAgainLink } from './buy-again-link';
import { OrderChat } from './order-chat';
import { OrderClaim } from './order-claim';
import { orderTitle, paidByLabel } from './order-history';

type Translate = ReturnType<typeof useT>['t'];

/** Each step of the timeline in words, in the current language. */
const stepLabels: Record<Order['timeline'][number]['status'], (t: Translate) => string> = {
  placed: (t) => t('orders.stepPlaced'),
  awaiting_payment: (t) => t('orders.awaitingPayment'),
  payment_cancelled: (t) => t('orders.stepPaymentCancelled'),
  paid: (t) => t('orders.stepPaid'),
  delivering: (t) => t('orders.stepDelivering'),
  delivered: (t) => t('orders.stepDelivered'),
  delivery_failed: (t) => t('orders.stepDeliveryFailed'),
  completed: (t) => t('orders.stepCompleted'),
  refunded: (t) => t('orders.stepRefunded'),
};

/**
 * One order: the game, plan, player ID (and the player's name when the game's lookup knew it),
 * amount and how it was paid, where its delivery stands (a stock code to copy and redeem), what
 * happened when, and a way to ask about it.
 */
export function OrderDetail({ id }: { id: string }) {
  return <OrderView read={useOrder(id)} />;
}

/**
 * A guest's order, by the secret of its link, shown as a shopper's order is: without what needs an
 * account (cancelling its payment, notifications, a screenshot with a report), and with "Find my
 * orders" where a shopper has My Orders. The link is kept on the device once it opens an order.
 */
export function GuestOrderDetail({ token }: { token: string }) {
  const read = useGuestOrder(token);
  const orderId = read.data?.order_id;
  useEffect(() => {
    if (orderId) keepOpenedGuestOrder(orderId, token);
  }, [orderId, token]);
  return <OrderView read={read} guestToken={token} />;
}

/** An order's page from its read: a shopper's (by id), or a guest's (`guestToken`, the link's secret). */
function OrderView({ read, guestToken }: { read: SWRResponse<Order>; guestToken?: string }) {
  const serverWords = useServerWords();
  const { t, taka, dateTime } = useT();
  const { data: order, error, isLoading, mutate } = read;
  const guest = guestToken !== undefined;
  const backTo = guest
    ? { to: paths.findOrders, label: t('orders.guest.findOrders') }
    : { to: paths.profileOrders, label: t('orders.myOrders') };
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
        <h1>{missing ? t('orders.notFound') : t('orders.loadFailed')}</h1>
        <p className="muted">
          {missing ? (guest ? t('orders.guest.notFoundText') : t('orders.notFoundText')) : t('orders.loadFailedText')}
        </p>
        <div className="button-row">
          {!missing && (
            <button type="button" className="button button-primary button-small" onClick={() => void mutate()}>
              {t('orders.retry')}
            </button>
          )}
          <Link className="button button-ghost button-small" to={backTo.to}>
            {backTo.label}
          </Link>
        </div>
      </section>
    );
  }
  // A code order (a guest's voucher codes) names no game and no player.
  const details: [string, React.ReactNode][] = [
    ...(order.game || order.saccount_id ? [[t('orders.labelGame'), order.game || '—'] as [string, React.ReactNode]] : []),
    [t('orders.labelPlan'), order.plan_name],
  ];
  if (order.saccount_id)
    details.push([
      t('orders.labelPlayerAccount'),
      <span key="player-id" className="player-id-text">
        {order.saccount_id}
      </span>,
    ]);
  if (order.delivery.player_name) details.push([t('orders.labelPlayer'), order.delivery.player_name]);
  details.push([t('orders.labelAmount'), taka(order.paid_amount)]);
  // A promo code's discount beside what was charged, so that the shopper sees what the code took off.
  if (order.discount > 0) details.push([t('orders.labelDiscount', { code: order.coupan_code }), `−${taka(order.discount)}`]);
  details.push([t('orders.labelPaidWith'), paidByLabel(order.paid_by, t)], [t('orders.labelOrdered'), dateTime(order.created_at)]);
  const delivery = deliveryLabel(order);
  if (delivery)
    details.push([
      t('orders.labelDelivery'),
      <span key="delivery" data-testid="order-delivery">
        {delivery}
      </span>,
    ]);
  const stockCode = order.delivery.mode === 'stock' ? order.delivery.code : '';
  // An API from before code orders sends no `codes` while a newer page is cached: none, then.
  const codes = order.codes ?? [];
  return (
    <section className="panel order-page" aria-labelledby="order-title">
      <div className="panel-head">
        <div>
          <p className="eyebrow">
            <Link to={backTo.to}>{guest ? `← ${backTo.label}` : t('orders.backToOrders')}</Link>
          </p>
          <h1 id="order-title">
            <Trans id="orders.orderHeading" values={{ id: order.order_id }} components={{ 0: <span className="mono" /> }} />
          </h1>
          <p className="muted">{orderTitle(order)}</p>
        </div>
        {order.awaiting_payment ? (
          <span className="status-badge status-wait">{t('orders.awaitingPayment')}</span>
        ) : order.payment_cancelled ? (
          <span className="status-badge status-off">{t('orders.paymentCancelled')}</span>
        ) : (
          <StatusBadge status={order.status} />
        )}
      </div>
      {order.awaiting_payment && order.payment_url && (
        <div className="waiting-payment">
          <p>{t('orders.waitsForPayment', { amount: taka(order.paid_amount) })}</p>
          {guest ? (
            <a
              className="button button-primary button-small"
              href={order.payment_url}
              rel="noreferrer"
              // The return from the gateway opens the newest link kept: this order's, now.
              onClick={() => rememberGuestOrder({ orderId: order.order_id, token: guestToken, createdAt: new Date().toISOString() })}
            >
              {t('orders.guest.payNow')}
            </a>
          ) : (
            <PaymentActions
              payment={{ kind: 'order', id: order.order_id, paymentUrl: order.payment_url, from: paths.profileOrder(order.order_id) }}
              confirmingSince={order.payment_confirming ? order.created_at : undefined}
              onCancelled={() => void mutate()}
            />
          )}
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
      {codes.length > 0 && <DeliveredCodes codes={codes} />}
      <BuyAgainLink order={order} className="button button-primary button-small buy-again" />
      <h2 className="panel-subtitle">{t('orders.whatHappened')}</h2>
      <ol className="timeline" aria-label={t('orders.timeline')}>
        {order.timeline.map((step, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the timeline only grows at its end, so a step's place is its identity.
          <li key={`${step.status}-${index}`} className={`timeline-step timeline-${step.status}`}>
            <span className="timeline-title">{stepLabels[step.status](t)}</span>
            <time dateTime={step.at}>{dateTime(step.at)}</time>
            {step.remark && <p className="timeline-remark">{serverWords(step.remark)}</p>}
          </li>
        ))}
        {order.status === 'pending' && !order.awaiting_payment && !order.payment_cancelled && (
          <li className="timeline-step timeline-next">
            <span className="timeline-title">{t('orders.labelDelivery')}</span>
            {/* A held order's next step is its check, not the usual delivery time. */}
            <span className="muted">{order.delivery.state === 'checking' ? delivery : t('orders.usuallyWithin')}</span>
          </li>
        )}
      </ol>
      {!guest && <PushToggle />}
      <div className="help-box">
        <p>{t('orders.helpText')}</p>
        <Link className="button button-ghost button-small" to={contactAboutOrder(order.order_id)}>
          {t('orders.needHelp')}
        </Link>
        <OrderClaim order={order} guestToken={guestToken} />
      </div>
      <OrderChat orderId={order.order_id} />
    </section>
  );
}

/** A code order's codes, each on its own line with its own copy button. */
function DeliveredCodes({ codes }: { codes: string[] }) {
  const { t, number } = useT();
  return (
    <section className="delivered-code" aria-label={t('orders.yourCodes')}>
      <p className="eyebrow">{t('orders.yourCodes')}</p>
      <ol className="delivered-codes">
        {codes.map((code, index) => (
          <li key={code} className="delivered-code-line">
            <code className="delivered-code-text" data-testid="delivered-code">
              {code}
            </code>
            <CopyButton text={code} label={t('orders.copyCodeNumber', { n: number(index + 1) })} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A stock-delivered code: large, with one-tap copy, and the shop's video of how to redeem it (its button held in place until the link comes). */
function DeliveredCode({ code }: { code: string }) {
  const { t } = useT();
  const { data: redeemLink } = useRedeemLink();
  return (
    <section className="delivered-code" aria-label={t('orders.yourCode')}>
      <p className="eyebrow">{t('orders.yourCode')}</p>
      <p className="delivered-code-line">
        <code className="delivered-code-text" data-testid="delivered-code">
          {code}
        </code>
        <CopyButton text={code} label={t('orders.copyCode')} />
      </p>
      {redeemLink?.upay ? (
        <a className="button button-ghost button-small" href={redeemLink.upay} target="_blank" rel="noopener noreferrer">
          <PlayIcon size={14} /> {t('orders.howToRedeem')}
        </a>
      ) : (
        <button type="button" className="button button-ghost button-small" disabled>
          <PlayIcon size={14} /> {t('orders.howToRedeem')}
        </button>
      )}
    </section>
  );
}
