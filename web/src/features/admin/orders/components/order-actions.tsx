import type { AdminOrder } from '../api/get-orders';
import { useState } from 'react';
import { FormField } from '../../../../components/form-field';
import { Modal } from '../../../../components/modal';
import { ApiError } from '../../../../lib/api';
import { taka } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useAction } from '../../../../lib/use-action';
import { useCompleteOrder } from '../api/complete-order';
import { useAdminUser } from '../../users/api/get-user';
import type { RefundTo } from '../api/move-order';
import { useRefundOrder } from '../api/refund-order';
import { refundOrderBody } from '@contract/admin-operations';
import { schemaProblems } from '../../kit/schema-problems';
import { OrderGame } from './order-game';

type Step = 'complete' | 'refund' | null;

/**
 * Complete (pending orders) and Refund (pending or completed ones), each through a dialog that
 * names the order. The buttons wait while a request runs; an order that can no longer move
 * offers nothing.
 */
export function OrderActions({ order, size = 'small' }: { order: AdminOrder; size?: 'small' | 'large' }) {
  const [step, setStep] = useState<Step>(null);
  if (order.status === 'refunded') return null;
  const buttonSize = size === 'small' ? ' button-small' : '';
  return (
    <div className="order-actions">
      {order.status === 'pending' && (
        <button type="button" className={`button button-primary${buttonSize}`} onClick={() => setStep('complete')}>
          Complete
        </button>
      )}
      <button type="button" className={`button button-danger${buttonSize}`} onClick={() => setStep('refund')}>
        Refund
      </button>
      {step === 'complete' && <CompleteDialog order={order} onClose={() => setStep(null)} />}
      {step === 'refund' && <RefundDialog order={order} onClose={() => setStep(null)} />}
    </div>
  );
}

/** Runs a move; a 409 (someone was first) closes the dialog, the server's message says why. */
function useMove(fallback: string, onClose: () => void) {
  const { busy, run } = useAction(fallback);
  const move = (action: () => Promise<string>) =>
    run(async () => {
      try {
        toast.success(await action());
        onClose();
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) onClose();
        throw error;
      }
    });
  return { busy, move };
}

function CompleteDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const [remark, setRemark] = useState('');
  const { trigger } = useCompleteOrder();
  const { busy, move } = useMove('The order could not be completed', onClose);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void move(() => trigger({ order_id: order.order_id, remark: remark.trim() }));
  };
  return (
    <Modal title="Complete order" onClose={busy ? () => undefined : onClose}>
      <OrderGame game={order.game} icon={order.game_icon} />
      <p className="dialog-lead">
        {order.plan_name} for <strong className="mono">{order.saccount_id}</strong>
      </p>
      <form onSubmit={submit} noValidate>
        <FormField
          label="Remark for the shopper (optional)"
          name="remark"
          maxLength={500}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
        />
        <div className="dialog-buttons">
          <button type="button" className="button button-ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Completing…' : 'Mark completed'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function RefundDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const [remark, setRemark] = useState('');
  const [to, setTo] = useState<RefundTo>('wallet');
  const [tried, setTried] = useState(false);
  const { data: shopper } = useAdminUser(order.user_id);
  const { trigger } = useRefundOrder();
  const { busy, move } = useMove('The order could not be refunded', onClose);
  const error = schemaProblems(refundOrderBody, { remark: remark.trim() }).remark;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (error) return;
    void move(() => trigger({ order_id: order.order_id, remark: remark.trim(), to: order.paid_by === 'gateway' ? to : undefined }));
  };
  const owner = shopper ? shopper.name : `user ${order.user_id}`;
  return (
    <Modal title="Refund order" onClose={busy ? () => undefined : onClose}>
      <OrderGame game={order.game} icon={order.game_icon} />
      <p className="dialog-lead">
        {order.plan_name} for <strong className="mono">{order.saccount_id}</strong>
      </p>
      {order.paid_by === 'gateway' ? (
        <fieldset className="refund-choice">
          <legend>Refund {taka(order.paid_amount)} to</legend>
          <label>
            <input type="radio" name="refund-to" value="wallet" checked={to === 'wallet'} onChange={() => setTo('wallet')} /> {owner}
            &rsquo;s shop wallet, at once
          </label>
          <label>
            <input type="radio" name="refund-to" value="gateway" checked={to === 'gateway'} onChange={() => setTo('gateway')} /> Back to the
            bKash/Nagad that paid it, through the gateway (sent once; the gateway may refuse)
          </label>
        </fieldset>
      ) : (
        <p className="notice notice-warn">
          {taka(order.paid_amount)} goes back to {owner}&rsquo;s wallet.
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <FormField
          label="Remark for the shopper"
          name="remark"
          maxLength={500}
          value={remark}
          error={tried ? error : undefined}
          onChange={(event) => setRemark(event.target.value)}
        />
        <div className="dialog-buttons">
          <button type="button" className="button button-ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button-danger" disabled={busy}>
            {busy ? 'Refunding…' : `Refund ${taka(order.paid_amount)}`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
