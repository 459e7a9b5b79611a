import type { AdminOrderDetail } from '../api/get-order';
import { Link } from 'react-router-dom';
import { CopyButton } from '../../../../components/copy-button';
import { StatusBadge } from '../../../../components/status-badge';
import { adminPaths } from '../../../../config/admin-paths';
import { dateTime, taka } from '../../../../lib/format';
import { OrderActions } from './order-actions';
import { DeliveryDetails } from './order-delivery';
import { OrderGame } from './order-game';
import { RefundPanelRecord } from './refund-panel-record';
import { PaidBy } from './orders-table';
import { RevealOnClick } from './reveal-on-click';

/** What a refund through the gateway means for the operator, by its state. */
const gatewayRefundNotes: Record<NonNullable<AdminOrderDetail['gateway_refund']>['state'], string> = {
  sending: 'Being sent now',
  unknown:
    'The gateway did not answer. Refund to the payment method again to ask it, or record what its panel shows: it will not be sent twice.',
  refused: 'The gateway refused it; the order is not refunded. Its panel may show the payment refunded all the same.',
  released: 'Not refunded at the gateway (checked in its panel): the order may be refunded again.',
  done: 'Sent back through the gateway',
};

/** Where a hold stands, in the operators' words. */
const holdStates: Record<NonNullable<AdminOrderDetail['hold']>['state'], string> = {
  held: 'Held for review: not delivered until released',
  released: 'Released: its delivery went on',
  refunded: 'Refunded while held',
};

/** Everything of one order: what was bought, for which game account, how it is delivered, when, and its moves. */
export function OrderDetail({ order }: { order: AdminOrderDetail }) {
  const { account } = order;
  return (
    <>
      <div className="detail-head">
        <div>
          <p className="eyebrow">Order</p>
          <h2 className="mono detail-id">{order.order_id}</h2>
        </div>
        <StatusBadge status={order.status} />
      </div>
      <dl className="detail-list admin-details">
        <div>
          <dt>Game</dt>
          <dd>
            <OrderGame game={order.game} icon={order.game_icon} />
          </dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>
            {order.group_name ? `${order.group_name} · ` : ''}
            {order.plan_name}
          </dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd className="amount">{taka(order.paid_amount)}</dd>
        </div>
        <div>
          <dt>Paid by</dt>
          <dd>
            <PaidBy paidBy={order.paid_by} />
          </dd>
        </div>
        {account.type === 'uid' ? (
          <div>
            <dt>Player ID</dt>
            <dd className="player-id">
              <span className="player-id-text">{account.player_id}</span>
              <CopyButton text={account.player_id} label={`Copy player ID ${account.player_id}`} />
            </dd>
          </div>
        ) : (
          <>
            <div>
              <dt>Login type</dt>
              <dd>{account.account_type}</dd>
            </div>
            <div>
              <dt>Email or phone</dt>
              <dd className="player-id">
                <span className="player-id-text">{account.email_or_phone}</span>
                <CopyButton text={account.email_or_phone} label={`Copy login ${account.email_or_phone}`} />
              </dd>
            </div>
            <div>
              <dt>Password</dt>
              <dd>{account.has_secret ? <SecretReveal orderId={order.order_id} /> : <span className="muted">None was given</span>}</dd>
            </div>
          </>
        )}
        {order.hold && (
          <div data-testid="order-hold">
            <dt>Hold</dt>
            <dd>
              {holdStates[order.hold.state]}
              {order.hold.overdue && <span className="badge badge-danger">Overdue</span>}
              <ul className="review-reasons">
                {order.hold.reasons.map((reason) => (
                  <li key={`${reason.kind}:${reason.text}`}>{reason.text}</li>
                ))}
              </ul>
              <small className="muted block">
                Held {dateTime(order.hold.at)}
                {order.hold.decided_at
                  ? `, decided ${dateTime(order.hold.decided_at)}`
                  : `; the shopper was told within ${order.hold.review_within_minutes} min`}
                {order.hold.state === 'held' && (
                  <>
                    {' · '}
                    <Link className="text-link" to={adminPaths.reviewQueue}>
                      Review
                    </Link>
                  </>
                )}
              </small>
            </dd>
          </div>
        )}
        <DeliveryDetails orderId={order.order_id} status={order.status} paidAmount={order.paid_amount} delivery={order.delivery} />
        <div>
          <dt>Shopper</dt>
          <dd>
            <Link className="text-link mono" to={adminPaths.user(order.user_id)}>
              {order.user_id}
            </Link>
          </dd>
        </div>
        <div>
          <dt>Placed</dt>
          <dd>{dateTime(order.created_at)}</dd>
        </div>
        {order.completed_at && (
          <div>
            <dt>Completed</dt>
            <dd>{dateTime(order.completed_at)}</dd>
          </div>
        )}
        {order.refunded_at && (
          <div>
            <dt>Refunded</dt>
            <dd>{dateTime(order.refunded_at)}</dd>
          </div>
        )}
        <div>
          <dt>Remark</dt>
          <dd>{order.remark || <span className="muted">None</span>}</dd>
        </div>
        {order.receipt && (
          <div>
            <dt>Payment</dt>
            <dd className="wrap">
              {order.receipt.payment_method} from {order.receipt.sender_number} · TrxID{' '}
              <span className="mono">{order.receipt.transaction_id}</span>
              <small className="muted block">
                Invoice <span className="mono">{order.receipt.invoice_id}</span> · fee ৳{order.receipt.fee || '0.00'} · charged ৳
                {order.receipt.charged_amount || '—'}
              </small>
            </dd>
          </div>
        )}
        {order.gateway_refund && (
          <div>
            <dt>Refund to {order.receipt?.payment_method || 'the payment method'}</dt>
            <dd>
              {gatewayRefundNotes[order.gateway_refund.state]}
              {order.gateway_refund.reason && <small className="muted block">{order.gateway_refund.reason}</small>}
              {order.gateway_refund.awaits_person && <RefundPanelRecord order={order} />}
            </dd>
          </div>
        )}
      </dl>
      <OrderActions order={order} size="large" />
    </>
  );
}

/** The game-account password and backup code, on a click (audited). */
function SecretReveal({ orderId }: { orderId: string }) {
  return (
    <RevealOnClick orderId={orderId} what="password">
      {(secret) => (
        <>
          <p className="secret-line">
            <span className="muted">Password</span>
            <code className="secret-value">{secret.password}</code>
            <CopyButton text={secret.password} label="Copy password" />
          </p>
          <p className="secret-line">
            <span className="muted">Backup code</span>
            {secret.backup_code ? (
              <>
                <code className="secret-value">{secret.backup_code}</code>
                <CopyButton text={secret.backup_code} label="Copy backup code" />
              </>
            ) : (
              <span className="muted">None</span>
            )}
          </p>
        </>
      )}
    </RevealOnClick>
  );
}
