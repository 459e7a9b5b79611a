import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CopyButton } from '../../../../components/copy-button';
import { adminPaths } from '../../../../config/admin-paths';
import { taka } from '../../../../lib/format';
import { ago } from '../../kit/format';
import { ConfirmDialog } from '../../kit/components/confirm-dialog';
import type { RefundTo } from '../../orders/api/move-order';
import { useRefundOrder } from '../../orders/api/refund-order';
import { useReleaseOrder } from '../../orders/api/release-order';
import { OrderGame } from '../../orders/components/order-game';
import { PaidBy } from '../../orders/components/orders-table';
import { RefundDialog, refundsToPaymentMethod } from '../../orders/components/refund-dialog';
import { useAddBlock } from '../api/change-blocklist';
import type { ReviewItem } from '../api/get-holds';
import { LinkageFlags } from '../../kit/components/linkage-flags';

type Step = 'release' | 'refund-wallet' | 'refund-gateway' | 'block-player' | 'block-mobile' | null;

/**
 * A held order as the review queue shows it: the game, plan, price and player ID, how it was paid,
 * how long it has waited (overdue past the minutes promised to the shopper), why it was held, the
 * account behind it and the linkage flags; and the decisions, each behind a confirmation.
 */
export function ReviewCard({ item }: { item: ReviewItem }) {
  const { order, account, flags } = item;
  const [step, setStep] = useState<Step>(null);
  const hold = order.hold;
  const overdue = hold?.overdue ?? false;
  const isPlayerId = !order.account_type;
  const close = () => setStep(null);
  return (
    <li className={overdue ? 'review-card attention attention-wait' : 'review-card attention'} data-order-id={order.order_id}>
      <div className="review-head">
        <OrderGame game={order.game} icon={order.game_icon} />
        {overdue && <span className="badge badge-danger">Overdue</span>}
      </div>
      <p className="review-plan">
        {order.plan_name} <strong className="amount">{taka(order.paid_amount)}</strong> <PaidBy paidBy={order.paid_by} />
      </p>
      <div className="player-id">
        <span className="player-id-text">{order.saccount_id}</span>
        <CopyButton text={order.saccount_id} label={`Copy ${isPlayerId ? 'player ID' : 'login'} ${order.saccount_id}`} />
      </div>
      {order.account_type && <small className="muted block">{order.account_type} login</small>}
      <p className="muted small">
        {hold ? (
          <>
            Held {ago(hold.at)}; the shopper was told within {hold.review_within_minutes} min.{' '}
          </>
        ) : null}
        <Link className="text-link" to={adminPaths.order(order.order_id)}>
          Order {order.order_id}
        </Link>
      </p>
      <section className="review-section" aria-label="Why it is held">
        <h3 className="review-label">Why it is held</h3>
        <ul className="review-reasons">
          {(hold?.reasons ?? []).map((reason) => (
            <li key={`${reason.kind}:${reason.text}`} data-reason={reason.kind}>
              {reason.text}
            </li>
          ))}
        </ul>
      </section>
      <dl className="review-account">
        <div>
          <dt>Account</dt>
          <dd>
            <Link className="text-link" to={adminPaths.user(account.user_id)}>
              {account.name || account.user_id}
            </Link>
            {account.created_at && <small className="muted block">Made {ago(account.created_at)}</small>}
          </dd>
        </div>
        <div>
          <dt>Mobile</dt>
          <dd>
            {account.mobile_no ? <span className="mono">{account.mobile_no}</span> : <span className="muted">None</span>}{' '}
            {account.mobile_verified ? (
              <span className="badge badge-ok">Verified</span>
            ) : (
              <span className="badge badge-muted">Not verified</span>
            )}
          </dd>
        </div>
        <div>
          <dt>History</dt>
          <dd>
            {account.orders === 1 ? '1 order' : `${account.orders} orders`}, {account.refunded} refunded
          </dd>
        </div>
      </dl>
      <LinkageFlags flags={flags} />
      <div className="order-actions review-actions">
        <button type="button" className="button button-primary button-small" onClick={() => setStep('release')}>
          Release
        </button>
        <button type="button" className="button button-danger button-small" onClick={() => setStep('refund-wallet')}>
          Refund to wallet
        </button>
        {refundsToPaymentMethod(order) && (
          <button type="button" className="button button-danger button-small" onClick={() => setStep('refund-gateway')}>
            Refund to payment method
          </button>
        )}
        {isPlayerId && (
          <button type="button" className="button button-ghost button-small" onClick={() => setStep('block-player')}>
            Block player ID
          </button>
        )}
        {account.mobile_no && (
          <button type="button" className="button button-ghost button-small" onClick={() => setStep('block-mobile')}>
            Block mobile number
          </button>
        )}
      </div>
      {step === 'release' && <ReleaseDialog item={item} onClose={close} />}
      {step === 'refund-wallet' && <RefundHeldDialog item={item} to="wallet" onClose={close} />}
      {step === 'refund-gateway' && <RefundHeldDialog item={item} to="gateway" onClose={close} />}
      {step === 'block-player' && <BlockDialog item={item} kind="player" value={order.saccount_id} onClose={close} />}
      {step === 'block-mobile' && <BlockDialog item={item} kind="mobile" value={account.mobile_no} onClose={close} />}
    </li>
  );
}

/** The order a dialog decides: its plan and price, for whom. */
function DecisionLead({ item }: { item: ReviewItem }) {
  return (
    <p>
      {item.order.plan_name} ({taka(item.order.paid_amount)}) for <strong className="mono">{item.order.saccount_id}</strong>
    </p>
  );
}

function ReleaseDialog({ item, onClose }: { item: ReviewItem; onClose: () => void }) {
  const { trigger } = useReleaseOrder();
  return (
    <ConfirmDialog
      title="Release order"
      confirmLabel="Release"
      busyLabel="Releasing…"
      tone="primary"
      onConfirm={() => trigger({ order_id: item.order.order_id })}
      onClose={onClose}
    >
      <DecisionLead item={item} />
      <p>Its delivery goes on now: a code or a supplier's top-up at once, a manual order to the queue.</p>
    </ConfirmDialog>
  );
}

/** A held order refunded, to the shopper's wallet or back to the bKash/Nagad that paid it, with the remark the shopper reads. */
function RefundHeldDialog({ item, to, onClose }: { item: ReviewItem; to: RefundTo; onClose: () => void }) {
  const { order } = item;
  const { trigger } = useRefundOrder();
  return (
    <RefundDialog
      order={order}
      lead={<DecisionLead item={item} />}
      to={to}
      owner={item.account.name || 'the shopper'}
      onRefund={({ remark }) => trigger({ order_id: order.order_id, remark, to, seen_status: '0' })}
      onClose={onClose}
    />
  );
}

const blockWords = { player: 'player ID', mobile: 'mobile number' } as const;

/** Blocks the order's player ID or the account's mobile number at every checkout, the hold's reasons as why. */
function BlockDialog({ item, kind, value, onClose }: { item: ReviewItem; kind: 'player' | 'mobile'; value: string; onClose: () => void }) {
  const { trigger } = useAddBlock();
  const why = `Held order ${item.order.order_id}: ${(item.order.hold?.reasons ?? []).map((reason) => reason.text).join('; ')}`;
  return (
    <ConfirmDialog
      title={`Block ${blockWords[kind]}`}
      confirmLabel="Block"
      busyLabel="Blocking…"
      onConfirm={() => trigger({ kind, value, reason: why.slice(0, 200) })}
      onClose={onClose}
    >
      <p>
        Block <strong className="mono">{value}</strong> at every checkout? This order stays held: release or refund it as well.
      </p>
    </ConfirmDialog>
  );
}
