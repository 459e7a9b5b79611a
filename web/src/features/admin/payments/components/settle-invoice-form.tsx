import { settlePaymentBody } from '@contract/admin-operations';
import { useState } from 'react';
import { FormField } from '../../../../components/form-field';
import { toast } from '../../../../lib/toast';
import { useAction } from '../../../../lib/use-action';
import { useSettlePayment } from '../api/settle-payment';
import { schemaProblems } from '../../kit/schema-problems';

/**
 * Settles the payment an invoice id names (the server asks the gateway first), then says where it
 * stands: paid, failed or still pending, in the server's words.
 */
export function useSettleInvoice() {
  const { trigger } = useSettlePayment();
  const { busy, run } = useAction('The payment could not be settled');
  const settle = (invoiceId: string, done?: () => void) =>
    run(async () => {
      const { status, message } = await trigger({ invoice_id: invoiceId });
      if (status === 'completed') toast.success(message);
      else if (status === 'cancelled') toast.warning(message);
      else toast.info(message);
      done?.();
    });
  return { busy, settle };
}

/** "Settle with an invoice id": for a payment whose invoice id never reached us, read off the gateway's panel. */
export function SettleInvoiceForm() {
  const [invoiceId, setInvoiceId] = useState('');
  const [tried, setTried] = useState(false);
  const { busy, settle } = useSettleInvoice();
  const error = schemaProblems(settlePaymentBody, { invoice_id: invoiceId.trim() }).invoice_id;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (error) return;
    void settle(invoiceId.trim(), () => {
      setInvoiceId('');
      setTried(false);
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <FormField
        label="Invoice id from the gateway's panel"
        name="invoice_id"
        value={invoiceId}
        maxLength={100}
        autoComplete="off"
        spellCheck={false}
        hint="The gateway is asked first: only a payment it reports as completed is credited or ordered, once."
        error={tried ? error : undefined}
        onChange={(event) => setInvoiceId(event.target.value)}
      />
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Settling…' : 'Settle'}
      </button>
    </form>
  );
}
