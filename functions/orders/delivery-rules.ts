import type { SupplierOutcome } from '../suppliers/port';

/**
 * Where an automatic delivery stands:
 * - `queued`: paid, written with the order (the intent), not yet sent or claimed;
 * - `delivering`: sent to the supplier (its outcome may come later);
 * - `unknown`: the answer was lost: the supplier is asked by our reference, never sent to blind;
 * - `delivered`; `failed` (refunded to the wallet in the same write);
 * - `manual`: fell back to the operators' queue (a guard tripped, no code left, the supplier refused).
 */
export type DeliveryState = 'queued' | 'delivering' | 'unknown' | 'delivered' | 'failed' | 'manual';

/** What moves a delivery: sending it, what the supplier said, or a fall back to a person. */
export type DeliveryEvent = 'send' | SupplierOutcome['kind'] | 'fallBack';

const open = new Set<DeliveryState>(['queued', 'delivering', 'unknown']);

/** Whether a delivery may still move (an operator's hand or an outcome has not closed it). */
export const isOpen = (state: DeliveryState) => open.has(state);

/**
 * The one delivery state machine, whichever path reports (the first send, an inquiry, a
 * callback): it answers the next state, or undefined when the event changes nothing. Closed
 * states never move, so a late or replayed outcome changes nothing; a lost answer never leads to
 * a second send, only to asking.
 */
export function nextDeliveryState(from: DeliveryState, event: DeliveryEvent): DeliveryState | undefined {
  if (!isOpen(from)) return undefined;
  switch (event) {
    case 'send':
      return from === 'queued' ? 'delivering' : undefined;
    case 'delivered':
    case 'failed':
      return event;
    case 'pending':
      return from === 'unknown' ? 'delivering' : undefined;
    case 'lost':
      return from === 'delivering' ? 'unknown' : undefined;
    case 'refused':
    case 'fallBack':
      return 'manual';
  }
}

/** Seconds between inquiries about a delivery sent `attempts` times: 15 s, doubling, at most 10 minutes. */
export const inquiryIntervalSeconds = (attempts: number) => Math.min(15 * 2 ** Math.max(0, attempts - 1), 600);

/** A queued delivery the inline dispatch did not move within this time is taken up by the job (the function died). */
export const stalledAfterSeconds = 30;

/**
 * Whether the job should act on an open delivery now: a queued one that stalled, or one sent or
 * lost whose next inquiry is due.
 */
export function dueForDelivery(delivery: { state: DeliveryState; attempts: number; sentAt?: string }, paidAt: string, now: number): boolean {
  if (delivery.state === 'queued') return now - Date.parse(paidAt) >= stalledAfterSeconds * 1000;
  if (!isOpen(delivery.state)) return false;
  const last = Date.parse(delivery.sentAt ?? paidAt);
  return now - last >= inquiryIntervalSeconds(delivery.attempts) * 1000;
}

/**
 * Whether a supplier plan may be sold automatically at `price`: never at or below its cost.
 * Answers the reason to stop, or undefined.
 */
export function costGuard(price: number, cost: number): string | undefined {
  return price <= cost ? `The price ৳${price} is not above the supplier's cost ৳${cost}` : undefined;
}
