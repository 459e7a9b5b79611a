import type { AdminOrder } from '../api/get-orders';
import { useState } from 'react';
import { FormField } from '../../../../components/form-field';
import { Modal } from '../../../../components/modal';
import { ApiError } from '../../../../lib/api';
import { toast } from '../../../../lib/toast';
import { useAction } from '../../../../lib/use-action';
import { isDeliveryUnderWay } from '../../../../lib/statuses';
import { useCompleteOrder } from '../api/complete-order';
import { useAdminUser } from '../../users/api/get-user';
import { useMoveOrder } from '../api/move-order';
import { useRefundOrder } from '../api/refund-order';
import { useReleaseOrder } from '../api/release-order';
import { takeOverDeliveryBody } from '@contract/admin-operations';
import { schemaProblems } from '../../kit/schema-problems';
import { DialogButtons } from '../../kit/components/dialog-buttons';
import { OrderGame } from './order-game';
import { RefundDialog } from './refund-dialog';

type Step = 'complete' | 'refund' | 'take-over' | 'release' | null;

/**
 * Complete (pending orders) and Refund (pending or completed ones), each through a dialog that
 * names the order; while its automatic delivery is under way, the refund waits for its outcome and
 * the operator may take the delivery over instead. An order a risk rule holds is released or
 * refunded, never completed until released. The buttons wait while a request runs; an order that
 * can no longer move offers nothing.
 */
export function OrderActions({ order, size = 'small' }: { order: AdminOrder; size?: 'small' | 'large' }) {
  const [step, setStep] = useState<Step>(null);
  if (order.status === 'refunded') return null;
  const buttonSize = size === 'small' ? ' button-small' : '';
  const delivering = order.status === 'pending' && isDeliveryUnderWay(order.delivery.state);
  const held = order.status === 'pending' && order.hold?.state === 'held';
  return (
    <div className="order-actions">
      {held ? (
        <button type="button" className={`button button-primary${buttonSize}`} onClick={() => setStep('release')}>
          Release
        </button>
      ) : (
        order.status === 'pending' && (
          <button type="button" className={`button button-primary${buttonSize}`} onClick={() => setStep('complete')}>
            Complete
          </button>
        )
      )}
      {delivering ? (
        <button type="button" className={`button button-ghost${buttonSize}`} onClick={() => setStep('take-over')}>
          Take the delivery over
        </button>
      ) : (
        <button type="button" className={`button button-danger${buttonSize}`} onClick={() => setStep('refund')}>
          Refund
        </button>
      )}
      {step === 'complete' && <CompleteDialog order={order} onClose={() => setStep(null)} />}
      {step === 'refund' && <OrderRefundDialog order={order} onClose={() => setStep(null)} />}
      {step === 'take-over' && <TakeOverDialog order={order} onClose={() => setStep(null)} />}
      {step === 'release' && <ReleaseDialog order={order} onClose={() => setStep(null)} />}
    </div>
  );
}

/** The order a dialog moves: its game, the plan and the player it is for. */
function OrderLead({ order }: { order: AdminOrder }) {
  return (
    <>
      <OrderGame game={order.game} icon={order.game_icon} />
      <p className="dialog-lead">
        {order.plan_name} for <strong className="mono">{order.saccount_id}</strong>
      </p>
    </>
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
      <OrderLead order={order} />
      <form onSubmit={submit} noValidate>
        <FormField
          label="Remark for the shopper (optional)"
          name="remark"
          maxLength={500}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
        />
        <DialogButtons busy={busy} onCancel={onClose} saveLabel="Mark completed" busyLabel="Completing…" />
      </form>
    </Modal>
  );
}

/** Refund from the orders page: a gateway order chooses where the money goes; a 409 closes the dialog. */
function OrderRefundDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const { data: shopper } = useAdminUser(order.user_id);
  const { trigger } = useRefundOrder();
  return (
    <RefundDialog
      order={order}
      lead={<OrderLead order={order} />}
      to="choose"
      owner={shopper ? shopper.name : `user ${order.user_id}`}
      closeOnConflict
      onRefund={({ to, remark }) =>
        trigger({
          order_id: order.order_id,
          remark,
          to,
          // What the operator saw: an order an automatic delivery moved meanwhile is refused, not refunded on a stale sight.
          seen_status: order.status === 'completed' ? '1' : '0',
        })
      }
      onClose={onClose}
    />
  );
}

/** Releases a held order: its delivery goes on. */
function ReleaseDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const { trigger } = useReleaseOrder();
  const { busy, move } = useMove('The order could not be released', onClose);
  return (
    <Modal title="Release order" onClose={busy ? () => undefined : onClose}>
      <OrderLead order={order} />
      <p className="notice notice-warn">Its delivery goes on now: a code or a supplier's top-up at once, a manual order to the queue.</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void move(() => trigger({ order_id: order.order_id }));
        }}
        noValidate
      >
        <DialogButtons busy={busy} onCancel={onClose} saveLabel="Release" busyLabel="Releasing…" />
      </form>
    </Modal>
  );
}

/**
 * Takes an automatic delivery that is still under way over by hand, after checking the supplier's
 * panel: the order goes to the manual queue (then Complete or Refund), and whatever the supplier
 * says after it changes nothing.
 */
function TakeOverDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const [remark, setRemark] = useState('');
  const [tried, setTried] = useState(false);
  const { trigger } = useMoveOrder('take_over_delivery');
  const { busy, move } = useMove('The delivery could not be taken over', onClose);
  const error = schemaProblems(takeOverDeliveryBody, { remark: remark.trim() }).remark;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (error) return;
    void move(() => trigger({ order_id: order.order_id, remark: remark.trim() }));
  };
  return (
    <Modal title="Take the delivery over" onClose={busy ? () => undefined : onClose}>
      <OrderLead order={order} />
      <p className="notice notice-warn">
        The supplier has this top-up and may still deliver it. Check its panel first: once you take it over, what the supplier says later
        changes nothing, and the order waits for you to complete or refund it.
      </p>
      <form onSubmit={submit} noValidate>
        <FormField
          label="What you checked at the supplier"
          name="remark"
          maxLength={500}
          value={remark}
          error={tried ? error : undefined}
          onChange={(event) => setRemark(event.target.value)}
        />
        <DialogButtons busy={busy} onCancel={onClose} saveLabel="Take it over" busyLabel="Taking over…" />
      </form>
    </Modal>
  );
}
