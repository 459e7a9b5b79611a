import { claimCloseBody, claimCorrectionBody, claimReplyBody } from '@contract/admin-operations';
import type { ClaimRow } from '@contract/wire';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CopyButton } from '../../../../components/copy-button';
import { FormField } from '../../../../components/form-field';
import { Modal } from '../../../../components/modal';
import { adminPaths } from '../../../../config/admin-paths';
import { ApiError } from '../../../../lib/api';
import { taka } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useAction } from '../../../../lib/use-action';
import { ConfirmDialog } from '../../kit/components/confirm-dialog';
import { DialogButtons } from '../../kit/components/dialog-buttons';
import { TextAreaField } from '../../kit/components/edit-fields';
import { ago } from '../../kit/format';
import { schemaProblems } from '../../kit/schema-problems';
import { OrderGame } from '../../orders/components/order-game';
import type { RefundTo } from '../../orders/api/move-order';
import { PaidBy } from '../../orders/components/orders-table';
import { RefundDialog, refundTitles, refundsToPaymentMethod } from '../../orders/components/refund-dialog';
import { useCloseClaim } from '../api/close-claim';
import { useCorrectClaimPlayerId } from '../api/correct-claim-player-id';
import type { ClaimItem } from '../api/get-claims';
import { useClaimImage } from '../api/get-claim-image';
import { useRefundClaim } from '../api/refund-claim';
import { useReplaceClaimCode } from '../api/replace-claim-code';
import { useReplyToClaim } from '../api/reply-to-claim';

/** Why the shopper reported the order, as an operator reads it. */
export const reasonLabels: Record<ClaimRow['reason'], string> = {
  not_received: 'Top-up not received',
  code_invalid: 'Code does not work',
  wrong_player_id: 'Wrong player ID',
  paid_twice: 'Paid twice',
  other: 'Something else',
};

const authorLabels: Record<ClaimRow['thread'][number]['from'], string> = { shopper: 'Shopper', operator: 'Operator', shop: 'Shop' };

/** How long a report has been open: "12 min", "3 h", "2 days". */
export function ageLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`;
}

/**
 * What an operator may do to an open claim's order, each closing the claim (the server's own rules,
 * a 409 otherwise): refund an order not refunded yet (back to the payment method only for a gateway
 * order, as the orders page offers it); a new code for a completed order delivered from stock; the
 * right player ID for a player-ID order whose top-up has not gone (still pending).
 */
export function claimActions(item: ClaimItem) {
  const { order } = item;
  const none = { refund: false, refundToMethod: false, replaceCode: false, correctPlayerId: false };
  if (item.status !== 'open' || !order) return none;
  const refund = order.status !== 'refunded';
  return {
    refund,
    refundToMethod: refund && refundsToPaymentMethod(order),
    replaceCode: order.status === 'completed' && order.delivery.mode === 'stock' && order.delivery.has_code,
    correctPlayerId: !order.account_type && order.status === 'pending',
  };
}

type Step = 'reply' | 'close' | 'refund-wallet' | 'refund-gateway' | 'replace-code' | 'correct-player-id' | null;

/**
 * A shopper's report as the claims queue shows it: the order (game, plan, price, player ID), the
 * reason and how long it has been open, the thread; and for an open one the actions on its order
 * that apply (refund, replace the code, correct the player ID), an answer and Close, each behind a
 * confirmation.
 */
export function ClaimCard({ item }: { item: ClaimItem }) {
  const { order } = item;
  const open = item.status === 'open';
  const [answer, setAnswer] = useState('');
  const [tried, setTried] = useState(false);
  const [step, setStep] = useState<Step>(null);
  const can = claimActions(item);
  const error = schemaProblems(claimReplyBody, { message: answer.trim() }).message;
  const close = () => setStep(null);
  const sendAnswer = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!error) setStep('reply');
  };
  return (
    <li
      className={item.overdue ? 'review-card attention attention-wait claim-card' : 'review-card attention claim-card'}
      data-claim-id={item.claim_id}
    >
      <div className="review-head">
        {order ? <OrderGame game={order.game} icon={order.game_icon} /> : <strong>Order gone</strong>}
        <span className={open ? 'badge badge-warn' : 'badge badge-muted'}>{open ? `Open ${ageLabel(item.age_minutes)}` : 'Closed'}</span>
        {item.overdue && <span className="badge badge-danger">Overdue</span>}
      </div>
      {order && (
        <>
          <p className="review-plan">
            {order.plan_name} <strong className="amount">{taka(order.paid_amount)}</strong> <PaidBy paidBy={order.paid_by} />
          </p>
          <div className="player-id">
            <span className="player-id-text">{order.saccount_id}</span>
            <CopyButton text={order.saccount_id} label={`Copy player ID ${order.saccount_id}`} />
          </div>
        </>
      )}
      <p className="muted small">
        <Link className="text-link" to={adminPaths.order(item.order_id)}>
          Order {item.order_id}
        </Link>{' '}
        · reported {ago(item.created_at)} ·{' '}
        <Link className="text-link" to={adminPaths.user(item.user_id)}>
          shopper
        </Link>
      </p>
      <section className="review-section" aria-label="Reason">
        <h3 className="review-label">Reason</h3>
        <p data-testid="claim-reason">
          {reasonLabels[item.reason]}
          {item.player_id && (
            <>
              : the right player ID is <strong className="mono">{item.player_id}</strong>
            </>
          )}
        </p>
      </section>
      <section className="review-section" aria-label="Thread">
        <h3 className="review-label">Thread</h3>
        <ol className="claim-card-thread">
          {item.thread.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a thread only grows at its end, so a message's place is its identity.
            <li key={`${entry.at}-${index}`} className={`claim-card-message claim-card-from-${entry.from}`}>
              <small className="muted">
                <span className="claim-card-author">{authorLabels[entry.from]}</span> · {ago(entry.at)}
              </small>
              {entry.message && <p>{entry.message}</p>}
              {entry.image && <Screenshot claimId={item.claim_id} />}
            </li>
          ))}
        </ol>
      </section>
      {(can.refund || can.replaceCode || can.correctPlayerId) && (
        <section className="review-section" aria-label="Settle the report">
          <h3 className="review-label">Settle the report</h3>
          <div className="review-actions">
            {can.replaceCode && (
              <button type="button" className="button button-primary button-small" onClick={() => setStep('replace-code')}>
                Replace code
              </button>
            )}
            {can.correctPlayerId && (
              <button type="button" className="button button-primary button-small" onClick={() => setStep('correct-player-id')}>
                Correct player ID
              </button>
            )}
            {can.refund && (
              <button type="button" className="button button-danger button-small" onClick={() => setStep('refund-wallet')}>
                {refundTitles.wallet}
              </button>
            )}
            {can.refundToMethod && (
              <button type="button" className="button button-danger button-small" onClick={() => setStep('refund-gateway')}>
                {refundTitles.gateway}
              </button>
            )}
          </div>
        </section>
      )}
      {open && (
        <form className="claim-card-answer" onSubmit={sendAnswer} noValidate>
          <TextAreaField
            label="Answer to the shopper"
            name="message"
            rows={3}
            maxLength={1000}
            value={answer}
            error={tried ? error : undefined}
            onChange={(event) => setAnswer(event.target.value)}
          />
          <div className="review-actions">
            <button type="submit" className="button button-primary button-small">
              Send answer
            </button>
            <button type="button" className="button button-ghost button-small" onClick={() => setStep('close')}>
              Close
            </button>
          </div>
        </form>
      )}
      {step === 'reply' && (
        <ReplyDialog
          item={item}
          message={answer.trim()}
          onSent={() => {
            setAnswer('');
            setTried(false);
          }}
          onClose={close}
        />
      )}
      {step === 'close' && <CloseDialog item={item} onClose={close} />}
      {step === 'refund-wallet' && <ClaimRefundDialog item={item} to="wallet" onClose={close} />}
      {step === 'refund-gateway' && <ClaimRefundDialog item={item} to="gateway" onClose={close} />}
      {step === 'replace-code' && <ReplaceCodeDialog item={item} onClose={close} />}
      {step === 'correct-player-id' && <CorrectPlayerIdDialog item={item} onClose={close} />}
    </li>
  );
}

function ReplyDialog({ item, message, onSent, onClose }: { item: ClaimItem; message: string; onSent: () => void; onClose: () => void }) {
  const { trigger } = useReplyToClaim(item.claim_id);
  return (
    <ConfirmDialog
      title="Send answer"
      confirmLabel="Send answer"
      busyLabel="Sending…"
      tone="primary"
      onConfirm={async () => {
        const sent = await trigger({ message });
        onSent();
        return sent;
      }}
      onClose={onClose}
    >
      <p>The shopper reads this on order {item.order_id}'s page and is told of it:</p>
      <blockquote className="claim-card-quote">{message}</blockquote>
    </ConfirmDialog>
  );
}

/** Closes the report, with an optional last word that the shopper reads and is told of. */
function CloseDialog({ item, onClose }: { item: ClaimItem; onClose: () => void }) {
  const [message, setMessage] = useState('');
  const { trigger } = useCloseClaim(item.claim_id);
  const { busy, run } = useAction('The report could not be closed');
  const error = schemaProblems(claimCloseBody, { message: message.trim() || undefined }).message;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (error) return;
    void run(async () => {
      toast.success(await trigger({ message: message.trim() || undefined }));
      onClose();
    });
  };
  return (
    <Modal title="Close report" onClose={busy ? () => undefined : onClose}>
      <div className="dialog-lead">
        <p>
          Close the report on order {item.order_id} ({reasonLabels[item.reason]})? The shopper may report the order again afterwards.
        </p>
      </div>
      <form onSubmit={submit} noValidate>
        <TextAreaField
          label="Last word to the shopper (optional)"
          name="message"
          rows={3}
          maxLength={1000}
          value={message}
          error={error}
          onChange={(event) => setMessage(event.target.value)}
        />
        <DialogButtons busy={busy} onCancel={onClose} saveLabel="Close report" busyLabel="Closing…" tone="danger" />
      </form>
    </Modal>
  );
}

/** The claim's order, as a dialog on it names it: its plan and price, for whom. */
function ClaimLead({ item }: { item: ClaimItem }) {
  const { order } = item;
  return order ? (
    <p>
      Order {item.order_id}: {order.plan_name} ({taka(order.paid_amount)}) for <strong className="mono">{order.saccount_id}</strong>
    </p>
  ) : null;
}

/** Refunds the claim's order (no remark: the thread tells the shopper) and closes the report; a 409 closes the dialog. */
function ClaimRefundDialog({ item, to, onClose }: { item: ClaimItem; to: RefundTo; onClose: () => void }) {
  const { trigger } = useRefundClaim(item.claim_id);
  if (!item.order) return null;
  return (
    <RefundDialog
      order={item.order}
      lead={
        <>
          <ClaimLead item={item} />
          <p>The report is closed with it, and the shopper is told.</p>
        </>
      }
      to={to}
      owner="the shopper"
      askRemark={false}
      closeOnConflict
      onRefund={() => trigger({ to })}
      onClose={onClose}
    />
  );
}

/** A new code from stock for the claim's order, the old one never sold again, and the report closed. */
function ReplaceCodeDialog({ item, onClose }: { item: ClaimItem; onClose: () => void }) {
  const { trigger } = useReplaceClaimCode(item.claim_id);
  return (
    <ConfirmDialog
      title="Replace code"
      confirmLabel="Replace code"
      busyLabel="Replacing…"
      tone="primary"
      onConfirm={() => trigger({})}
      onClose={onClose}
    >
      <ClaimLead item={item} />
      <p>The shopper gets a new code from stock, and the old one is never sold again. The report is closed with it.</p>
    </ConfirmDialog>
  );
}

/**
 * The right player ID for the claim's pending order (the shopper's, to begin with), checked as the
 * endpoint checks it; its delivery goes again and the report is closed.
 */
function CorrectPlayerIdDialog({ item, onClose }: { item: ClaimItem; onClose: () => void }) {
  const [playerId, setPlayerId] = useState(item.player_id);
  const [tried, setTried] = useState(false);
  const { trigger } = useCorrectClaimPlayerId(item.claim_id);
  const { busy, run } = useAction('The player ID could not be corrected');
  const error = schemaProblems(claimCorrectionBody, { player_id: playerId.trim() }).player_id;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (error) return;
    void run(async () => {
      try {
        toast.success(await trigger({ player_id: playerId.trim() }));
        onClose();
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 409) onClose();
        throw failure;
      }
    });
  };
  return (
    <Modal title="Correct player ID" onClose={busy ? () => undefined : onClose}>
      <div className="dialog-lead">
        <ClaimLead item={item} />
        <p>The order is delivered again to the player ID below, and the report is closed.</p>
      </div>
      <form onSubmit={submit} noValidate>
        <FormField
          label="Right player ID"
          name="player_id"
          autoComplete="off"
          maxLength={40}
          value={playerId}
          error={tried ? error : undefined}
          onChange={(event) => setPlayerId(event.target.value)}
        />
        <DialogButtons busy={busy} onCancel={onClose} saveLabel="Correct player ID" busyLabel="Correcting…" />
      </form>
    </Modal>
  );
}

/** A report's screenshot, loaded when the operator asks (it is never served as a file). */
function Screenshot({ claimId }: { claimId: string }) {
  const { trigger, data, isMutating, error } = useClaimImage(claimId);
  if (data) return <img className="claim-card-screenshot" src={data} alt="The shopper's screenshot" />;
  return (
    <p>
      <button
        type="button"
        className="button button-ghost button-small"
        disabled={isMutating}
        onClick={() => void trigger().catch(() => undefined)}
      >
        {isMutating ? 'Loading…' : 'Show screenshot'}
      </button>
      {error instanceof Error && <small className="text-danger"> {error.message}</small>}
    </p>
  );
}
