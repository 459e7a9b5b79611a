import { useState } from 'react';
import { FormField } from '../../../../components/form-field';
import { Modal } from '../../../../components/modal';
import { taka } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useAction } from '../../../../lib/use-action';
import type { AdminOrderDetail } from '../api/get-order';
import { useMoveOrder } from '../api/move-order';
import { DialogButtons } from '../../kit/components/dialog-buttons';

type PanelShows = 'refunded' | 'not_refunded';

/** What each record does, as the dialog says it before the operator confirms. */
const consequences: Record<PanelShows, (amount: string, method: string) => string> = {
  refunded: (amount, method) => `The order is marked refunded: ${amount} back to the payer's ${method}, in today's reconciliation.`,
  not_refunded: () => 'The order is released: refund it again, to the wallet or the payment method.',
};

/**
 * A refund to the payment method that waits for a person (no answer from the gateway, refused, or
 * its sender lost): the operator checks the gateway's panel and records what it shows, once, audited.
 */
export function RefundPanelRecord({ order }: { order: AdminOrderDetail }) {
  const [shows, setShows] = useState<PanelShows | null>(null);
  return (
    <div className="panel-record">
      <p className="notice notice-warn">Check this payment in the gateway's panel, then record what it shows. Nothing is sent again.</p>
      <div className="order-actions">
        <button type="button" className="button button-primary button-small" onClick={() => setShows('refunded')}>
          The panel shows it refunded
        </button>
        <button type="button" className="button button-ghost button-small" onClick={() => setShows('not_refunded')}>
          Not refunded there
        </button>
      </div>
      {shows && <RecordDialog order={order} shows={shows} onClose={() => setShows(null)} />}
    </div>
  );
}

function RecordDialog({ order, shows, onClose }: { order: AdminOrderDetail; shows: PanelShows; onClose: () => void }) {
  const [note, setNote] = useState('');
  const { trigger } = useMoveOrder('gateway_refund');
  const { busy, run } = useAction('What the panel shows could not be recorded');
  const method = order.receipt?.payment_method || 'payment method';
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void run(async () => {
      toast.success(await trigger({ order_id: order.order_id, outcome: shows, note: note.trim() || undefined }));
      onClose();
    });
  };
  return (
    <Modal
      title={shows === 'refunded' ? 'Refunded at the gateway' : 'Not refunded at the gateway'}
      onClose={busy ? () => undefined : onClose}
    >
      <p className="dialog-lead">{consequences[shows](taka(order.paid_amount), method)}</p>
      <form onSubmit={submit} noValidate>
        <FormField label="Note (optional)" name="note" maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
        <DialogButtons busy={busy} onCancel={onClose} saveLabel="Record it" busyLabel="Recording…" />
      </form>
    </Modal>
  );
}
