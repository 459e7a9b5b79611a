import { Link } from 'react-router-dom';
import { contactAboutOrder, paths } from '../../../config/paths';
import { type StartedPayment, reopenPayment } from '../payment-window';
import { toast } from '../../../lib/toast';
import { useAction } from '../../../lib/use-action';
import { useCancelPayment } from '../api/cancel-payment';
import { useT } from '../messages';

/** What became of a waiting payment after its Cancel: cancelled, or found paid after all. */
export type CancelOutcome = 'cancelled' | 'paid';

export interface PaymentActionsProps {
  payment: StartedPayment;
  /** Called once Cancel has settled it one way or the other. */
  onCancelled?: (outcome: CancelOutcome) => void;
  /** Called when Pay now has opened the payment's page again. */
  onReopened?: () => void;
  /**
   * When the gateway has the payment and the provider is confirming it (PENDING, approved within
   * hours), since when: the payer is told so, and not offered to pay again.
   */
  confirmingSince?: string;
}

/**
 * Pay now (the payment's page again, in a new window) and Cancel (given up, unless it was paid
 * after all) for a payment that waits, wherever one shows (order and wallet lists, the order page,
 * the forms that started it); or, while the provider confirms a payment the gateway already has,
 * what that means and where to ask.
 */
export function PaymentActions({ payment, onCancelled, onReopened, confirmingSince }: PaymentActionsProps) {
  const { t, dateTime } = useT();
  const { trigger: cancelPayment } = useCancelPayment();
  const { busy, run } = useAction(t('payments.cancelFailed'));
  const payNow = () => {
    reopenPayment(payment);
    onReopened?.();
  };
  const cancel = () =>
    run(async () => {
      const { message, data } = await cancelPayment(payment);
      if (data.status === 'completed') toast.success(message, { toastId: `payment-${payment.id}` });
      else toast.info(message, { toastId: `payment-${payment.id}` });
      onCancelled?.(data.status === 'completed' ? 'paid' : 'cancelled');
    });
  if (confirmingSince) {
    const help = payment.kind === 'order' ? contactAboutOrder(payment.id) : paths.contactUs;
    return (
      <small className="muted block" role="status">
        {t('payments.confirming', { since: dateTime(confirmingSince) })}{' '}
        <Link className="text-link" to={help}>
          {t('payments.askUs')}
        </Link>
      </small>
    );
  }
  return (
    <span className="payment-actions">
      <button type="button" className="button button-primary button-small" onClick={payNow} disabled={busy}>
        {t('payments.payNow')}
      </button>
      <button type="button" className="button button-ghost button-small" onClick={cancel} disabled={busy}>
        {busy ? t('payments.cancelling') : t('payments.cancel')}
      </button>
    </span>
  );
}
