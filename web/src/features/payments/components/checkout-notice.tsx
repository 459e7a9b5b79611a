import { useServerWords } from '../../../lib/server-messages';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../messages';
import type { StartedPayment } from '../payment-window';
import type { GatewayCheckout } from '../use-gateway-checkout';
import { PaymentActions } from './payment-actions';

/** A form's own words for its checkout's notices, from what the payment is for. */
export interface CheckoutWords<T> {
  /** The waiting notice's lead, in bold ("Waiting for your payment."). */
  waiting: (item: T) => string;
  paid: (item: T) => string;
  /** The paid notice's link onwards, if any. */
  paidLink?: (item: T, payment: StartedPayment) => { to: string; label: string } | undefined;
  cancelled: (item: T, reason: string) => string;
  /** The receipt that shows in place of the paid notice, where the form has one. */
  receipt?: (item: T, payment: StartedPayment) => ReactNode;
}

interface CheckoutNoticeProps<T> {
  checkout: GatewayCheckout<T>;
  words: CheckoutWords<T>;
  /** The outcome's heading, as the form's outline has it. */
  heading: 'h2' | 'h3';
  onRetry: (item: T) => void;
}

/**
 * Where a form's gateway payment stands: while it waits, what to do (with Pay now / Cancel);
 * then paid (the form's receipt, or where to go on) or cancelled (with Retry). Nothing while idle.
 */
export function CheckoutNotice<T>({ checkout, words, heading: Heading, onRetry }: CheckoutNoticeProps<T>) {
  const serverWords = useServerWords();
  const { t } = useT();
  const { stage } = checkout;
  if (stage.kind === 'waiting') {
    return (
      <div className="waiting-payment" role="status">
        <p>
          <strong>{words.waiting(stage.item)}</strong> {t('payments.finishPaying')}
        </p>
        <PaymentActions payment={stage.payment} onCancelled={checkout.onCancelled} />
      </div>
    );
  }
  if (stage.kind === 'paid' && words.receipt) return words.receipt(stage.item, stage.payment);
  if (stage.kind === 'paid') {
    const link = words.paidLink?.(stage.item, stage.payment);
    return (
      <div className="payment-outcome payment-outcome-ok" role="status" aria-label={t('payments.received')}>
        <Heading>{t('payments.received')}</Heading>
        <p>{words.paid(stage.item)}</p>
        {link && (
          <Link className="button button-primary button-small" to={link.to}>
            {link.label}
          </Link>
        )}
      </div>
    );
  }
  if (stage.kind === 'cancelled') {
    return (
      <div className="payment-outcome payment-outcome-off" role="status" aria-label={t('payments.cancelled')}>
        <Heading>{t('payments.cancelled')}</Heading>
        <p>{words.cancelled(stage.item, serverWords(stage.reason))}</p>
        <button type="button" className="button button-primary button-small" onClick={() => onRetry(stage.item)}>
          {t('payments.retry')}
        </button>
      </div>
    );
  }
  return null;
}
