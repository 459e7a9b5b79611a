import { type PaymentState, type VerifiedPayment, isExactly } from '../gateway/port';

/** Why a pending payment was given up on by the reconciler, or by its payer; money paid after either is still honoured. */
export const expiredReason = 'expired';
export const cancelledByPayerReason = 'Cancelled by you';

/** Why a payment was cancelled, in the shopper's words in each language (another reason is the gateway's own words). */
export const cancelledBecause = (reason: string) =>
  reason === expiredReason
    ? { en: 'It expired before it was paid.', bn: 'পেমেন্ট হওয়ার আগেই এর সময় শেষ হয়ে গেছে।' }
    : reason === cancelledByPayerReason
      ? { en: 'You cancelled it.', bn: 'আপনি এটি বাতিল করেছেন।' }
      : { en: `${reason.replace(/\.$/, '')}.`, bn: `${reason.replace(/\.$/, '')}।` };

/** What the settle step knows of one of our payables (a wallet top-up request or a gateway plan order). */
export interface Payable {
  state: PaymentState;
  /** Whole taka the payer owes. */
  amount: number;
  /** The invoice that paid it or was first seen for it, once known. */
  invoiceId?: string;
}

/** What to do with a payable, given what its gateway says of an invoice that names it. */
export type Settlement =
  | { action: 'none' }
  /** The payment still waits at the gateway (it may be approved hours later): note its invoice, so it can be asked about. */
  | { action: 'record' }
  | { action: 'complete' }
  | { action: 'cancel'; reason: string }
  /** Not ours to act on: a person looks. `paidAgain`: a second payment for something paid, kept for a claim to credit. */
  | { action: 'review'; reason: string; paidAgain?: true };

/**
 * The one settlement rule, whichever path asks (return, webhook, reconciler, operator):
 * - a paid payable stays paid; a second completed invoice for it is money taken twice, for a person;
 * - a paid payment of exactly the amount completes the payable, even one that was cancelled
 *   or expired meanwhile (money taken is honoured, once); of another amount it goes to a person;
 * - a failed payment cancels a waiting payable, unless another invoice is the one it waits for;
 * - anything else (pending, refunded, unknown) is not paid: the payable waits, and learns its
 *   invoice id if it did not know it yet.
 */
export function settlementOf(payable: Payable, payment: Pick<VerifiedPayment, 'invoiceId' | 'outcome' | 'amount'>): Settlement {
  const paid = payment.outcome === 'paid';
  if (payable.state === 'completed') {
    return paid && payable.invoiceId !== payment.invoiceId
      ? { action: 'review', reason: 'a second payment for a paid payable', paidAgain: true }
      : { action: 'none' };
  }
  if (paid)
    return isExactly(payment.amount, payable.amount)
      ? { action: 'complete' }
      : { action: 'review', reason: 'amount differs from the payable' };
  const itsInvoice = !payable.invoiceId || payable.invoiceId === payment.invoiceId;
  if (payment.outcome === 'failed')
    return payable.state === 'pending' && itsInvoice ? { action: 'cancel', reason: 'Payment failed' } : { action: 'none' };
  return payable.state === 'pending' && !payable.invoiceId ? { action: 'record' } : { action: 'none' };
}

/** Where a payable stands after a settlement. */
export function stateAfter(payable: Payable, settlement: Settlement): PaymentState {
  if (settlement.action === 'complete') return 'completed';
  if (settlement.action === 'cancel') return 'cancelled';
  return payable.state;
}

const minCheckIntervalMs = 3 * 60_000;
const maxCheckIntervalMs = 2 * 60 * 60_000;

/**
 * The reconciler's back-off for a waiting payment whose invoice is known: asked at once the first
 * time, then again after half the age it had at its last check, between 3 minutes and 2 hours
 * (about 30 calls over two days for a payment approved late, few for the many paid at once).
 */
export function dueForCheck(payment: { createdAt: string; checkedAt?: string }, now: number): boolean {
  if (!payment.checkedAt) return true;
  const checked = Date.parse(payment.checkedAt);
  const interval = Math.min(Math.max((checked - Date.parse(payment.createdAt)) / 2, minCheckIntervalMs), maxCheckIntervalMs);
  return now - checked >= interval;
}
