import type { PaymentActionsProps } from '../../../lib/payment-actions';
import { reopenPayment } from '../../../lib/payment-window';
import { toast } from '../../../lib/toast';
import { useAction } from '../../../lib/use-action';
import { useCancelPayment } from '../api/cancel-payment';

/** Pay now (the payment's page again, in a new window) and Cancel (given up, unless it was paid after all). */
export function AwaitingPaymentActions({ payment, onCancelled, onReopened }: PaymentActionsProps) {
  const { trigger: cancelPayment } = useCancelPayment();
  const { busy, run } = useAction('The payment could not be cancelled');
  const payNow = () => {
    reopenPayment(payment);
    onReopened?.();
  };
  const cancel = () =>
    run(async () => {
      const { message, data } = await cancelPayment(payment);
      if (data.status === '1') toast.success(message, { toastId: `payment-${payment.id}` });
      else toast.info(message, { toastId: `payment-${payment.id}` });
      onCancelled?.(data.status === '1' ? 'paid' : 'cancelled');
    });
  return (
    <span className="payment-actions">
      <button type="button" className="button button-primary button-small" onClick={payNow} disabled={busy}>
        Pay now
      </button>
      <button type="button" className="button button-ghost button-small" onClick={cancel} disabled={busy}>
        {busy ? 'Cancelling…' : 'Cancel'}
      </button>
    </span>
  );
}
