import type { PaymentState, VerifiedPayment } from '../gateway/port';

/** Why a pending payment was given up on by the reconciler, or by its payer; one paid after either is still honoured. */
export const expiredReason = 'expired';
export const cancelledByPayerReason = 'Cancelled by you';

const honouredWhenPaidLate = new Set([expiredReason, cancelledByPayerReason]);

/** What the settle step knows of one of our payables (a wallet top-up request or a gateway plan order). */
export interface Payable {
  state: PaymentState;
  /** Whole taka the payer owes. */
  amount: number;
  /** The invoice the checkout opened, when known. */
  invoiceId?: string;
  cancelReason?: string;
}

/** What to do with a payable, given what the gateway says of its invoice. */
export type Settlement =
  | { action: 'none' }
  | { action: 'complete' }
  | { action: 'cancel'; reason: string }
  | { action: 'review'; reason: string };

/**
 * The one settlement rule, whichever path asks (return, webhook, reconciler): a completed payable
 * stays so; another invoice, a wrong amount, or a payment for a refused payable is left to a
 * person; a pending payment waits; a failed one cancels a pending payable; a completed payment of
 * the right amount completes a pending payable, or one that expired or its payer cancelled
 * (money taken is honoured).
 */
export function settlementOf(payable: Payable, payment: Pick<VerifiedPayment, 'invoiceId' | 'status' | 'amount'>): Settlement {
  if (payable.state === 'completed') return { action: 'none' };
  if (payable.invoiceId && payable.invoiceId !== payment.invoiceId) return { action: 'review', reason: 'invoice is not the one of the payable' };
  if (payment.status === 'PENDING') return { action: 'none' };
  if (payment.status === 'ERROR') return payable.state === 'pending' ? { action: 'cancel', reason: 'Payment failed' } : { action: 'none' };
  if (payment.amount !== payable.amount) return { action: 'review', reason: 'amount differs from the payable' };
  if (payable.state === 'cancelled' && !honouredWhenPaidLate.has(payable.cancelReason ?? '')) return { action: 'review', reason: 'paid after the payable was refused' };
  return { action: 'complete' };
}

/** Where a payable stands after a settlement. */
export function stateAfter(payable: Payable, settlement: Settlement): PaymentState {
  if (settlement.action === 'complete') return 'completed';
  if (settlement.action === 'cancel') return 'cancelled';
  return payable.state;
}
