import { claimCloseBody, claimReplyBody } from '@contract/admin-operations';
import type { ClaimRow } from '@contract/wire';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CopyButton } from '../../../../components/copy-button';
import { Modal } from '../../../../components/modal';
import { adminPaths } from '../../../../config/admin-paths';
import { taka } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useAction } from '../../../../lib/use-action';
import { ConfirmDialog } from '../../kit/components/confirm-dialog';
import { DialogButtons } from '../../kit/components/dialog-buttons';
import { TextAreaField } from '../../kit/components/edit-fields';
import { ago } from '../../kit/format';
import { schemaProblems } from '../../kit/schema-problems';
import { OrderGame } from '../../orders/components/order-game';
import { PaidBy } from '../../orders/components/orders-table';
import { useCloseClaim } from '../api/close-claim';
import type { ClaimItem } from '../api/get-claims';
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
 * A shopper's report as the claims queue shows it: the order (game, plan, price, player ID), the
 * reason and how long it has been open, the thread; and for an open one an answer and Close, each
 * behind a confirmation.
 */
export function ClaimCard({ item }: { item: ClaimItem }) {
  const { order } = item;
  const open = item.status === 'open';
  const [answer, setAnswer] = useState('');
  const [tried, setTried] = useState(false);
  const [step, setStep] = useState<'reply' | 'close' | null>(null);
  const error = schemaProblems(claimReplyBody, { message: answer.trim() }).message;
  const close = () => setStep(null);
  const sendAnswer = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!error) setStep('reply');
  };
  return (
    <li className="review-card attention claim-card" data-claim-id={item.claim_id}>
      <div className="review-head">
        {order ? <OrderGame game={order.game} icon={order.game_icon} /> : <strong>Order gone</strong>}
        <span className={open ? 'badge badge-warn' : 'badge badge-muted'}>{open ? `Open ${ageLabel(item.age_minutes)}` : 'Closed'}</span>
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
              {entry.image && (
                <a className="text-link" href={entry.image} target="_blank" rel="noopener noreferrer">
                  Screenshot
                </a>
              )}
            </li>
          ))}
        </ol>
      </section>
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
