import { refundOrderBody } from '@contract/admin-operations';
import { useState } from 'react';
import { FormField } from '../../../../components/form-field';
import { Modal } from '../../../../components/modal';
import { ApiError } from '../../../../lib/api';
import { taka } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useAction } from '../../../../lib/use-action';
import { DialogButtons } from '../../kit/components/dialog-buttons';
import { schemaProblems } from '../../kit/schema-problems';
import type { RefundTo } from '../api/move-order';

/** The order a refund moves: only its price and how it was paid matter here. */
interface RefundedOrder {
  paid_amount: number;
  paid_by: 'wallet' | 'gateway';
}

/**
 * Whether a refund back to the payment method is offered: only an order paid through the gateway
 * (bKash/Nagad) has one; a wallet order goes back to the wallet.
 */
export const refundsToPaymentMethod = (order: Pick<RefundedOrder, 'paid_by'>) => order.paid_by === 'gateway';

/** A refund dialog's title when where the money goes is decided before it opens. */
export const refundTitles: Record<RefundTo, string> = { wallet: 'Refund to wallet', gateway: 'Refund to payment method' };

interface RefundDialogProps {
  order: RefundedOrder;
  /** What is refunded, in the caller's words (the game and plan, for whom). */
  lead: React.ReactNode;
  /**
   * Where the money goes: decided before (a button each, the title says which), or `choose` in the
   * dialog (a gateway order offers both; a wallet order only says where it goes).
   */
  to: RefundTo | 'choose';
  /** Whose wallet it goes back to, as the dialog names them. */
  owner: string;
  /** A remark the shopper reads, required by the endpoint (the orders' refund); none for a claim's. */
  askRemark?: boolean;
  /** Sends the refund; answers the server's message. `to` is undefined when a wallet order had nothing to choose. */
  onRefund: (form: { to: RefundTo | undefined; remark: string }) => Promise<string>;
  onClose: () => void;
  /** A 409 (someone was first, or the view was stale) closes the dialog; the server's message says why. */
  closeOnConflict?: boolean;
}

/**
 * The one confirmation before a refund, from the orders page, the review queue or a claim: the
 * order, where the money goes (to the wallet, or back to the bKash/Nagad that paid it), the
 * remark where the endpoint asks for one, and the amount on the button, which waits while it sends.
 */
export function RefundDialog({ order, lead, to, owner, askRemark = true, onRefund, onClose, closeOnConflict = false }: RefundDialogProps) {
  const [remark, setRemark] = useState('');
  const [chosen, setChosen] = useState<RefundTo>('wallet');
  const [tried, setTried] = useState(false);
  const { busy, run } = useAction('The order could not be refunded');
  const amount = taka(order.paid_amount);
  const gateway = refundsToPaymentMethod(order);
  const destination = to === 'choose' ? (gateway ? chosen : undefined) : to;
  const error = askRemark ? schemaProblems(refundOrderBody, { remark: remark.trim(), to: destination }).remark : undefined;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (error) return;
    void run(async () => {
      try {
        toast.success(await onRefund({ to: destination, remark: remark.trim() }));
        onClose();
      } catch (failure) {
        if (closeOnConflict && failure instanceof ApiError && failure.status === 409) onClose();
        throw failure;
      }
    });
  };
  return (
    <Modal title={to === 'choose' ? 'Refund order' : refundTitles[to]} onClose={busy ? () => undefined : onClose}>
      {to === 'choose' ? (
        <>
          {lead}
          {gateway ? (
            <fieldset className="refund-choice">
              <legend>Refund {amount} to</legend>
              <label>
                <input type="radio" name="refund-to" value="wallet" checked={chosen === 'wallet'} onChange={() => setChosen('wallet')} />{' '}
                {owner}
                &rsquo;s shop wallet, at once
              </label>
              <label>
                <input type="radio" name="refund-to" value="gateway" checked={chosen === 'gateway'} onChange={() => setChosen('gateway')} />{' '}
                Back to the bKash/Nagad that paid it, through the gateway (sent once; the gateway may refuse)
              </label>
            </fieldset>
          ) : (
            <p className="notice notice-warn">
              {amount} goes back to {owner}&rsquo;s wallet.
            </p>
          )}
        </>
      ) : (
        <div className="dialog-lead">
          {lead}
          <p className="notice notice-warn">
            {to === 'wallet'
              ? `${amount} goes back to ${owner}’s shop wallet at once.`
              : `${amount} goes back to the bKash/Nagad that paid it, through the gateway (sent once; the gateway may refuse).`}
          </p>
        </div>
      )}
      <form onSubmit={submit} noValidate>
        {askRemark && (
          <FormField
            label="Remark for the shopper"
            name="remark"
            maxLength={500}
            value={remark}
            error={tried ? error : undefined}
            onChange={(event) => setRemark(event.target.value)}
          />
        )}
        <DialogButtons busy={busy} onCancel={onClose} saveLabel={`Refund ${amount}`} busyLabel="Refunding…" tone="danger" />
      </form>
    </Modal>
  );
}
