import type { SupplierOutcome } from '../suppliers/port';

/**
 * Where an automatic delivery stands:
 * - `queued`: paid, written with the order (the intent), not yet sent or claimed;
 * - `delivering`: sent to the supplier (its outcome may come later);
 * - `unknown`: the answer was lost: the supplier is asked by our reference, never sent to blind;
 * - `delivered`; `failed` (refunded to the wallet in the same write);
 * - `manual`: fell back to the operators' queue (a guard tripped, no code left, the supplier refused);
 * - `held`: the order is held for review (risk/holds.ts): not open, so nothing sends, claims or
 *   moves it until a release makes it `queued` again.
 */
export type DeliveryState = 'queued' | 'delivering' | 'unknown' | 'delivered' | 'failed' | 'manual' | 'held';

/** What moves a delivery: sending it, what the supplier said, or a fall back to a person. */
export type DeliveryEvent = 'send' | SupplierOutcome['kind'] | 'fallBack';

/** The states in which a delivery may still move (the table's conditions name them too). */
export const openDeliveryStates = ['queued', 'delivering', 'unknown'] as const satisfies readonly DeliveryState[];

const open = new Set<DeliveryState>(openDeliveryStates);

/** Whether a delivery may still move (an operator's hand or an outcome has not closed it). */
export const isOpen = (state: DeliveryState) => open.has(state);

/**
 * The one delivery state machine, whichever path reports (the first send, an inquiry, a
 * callback): it answers the next state, or undefined when the event changes nothing (a `later`
 * never does: the supplier said nothing of the top-up). Closed states never move, so a late or
 * replayed outcome changes nothing; a lost answer never leads to a second send, only to asking.
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
    case 'later':
      return undefined;
    case 'lost':
      return from === 'delivering' ? 'unknown' : undefined;
    case 'refused':
    case 'fallBack':
      return 'manual';
  }
}

/** The longest wait between two inquiries about one delivery, however old it is. */
const maxInquiryIntervalSeconds = 3600;

/**
 * Seconds between inquiries about a delivery asked about `attempts` times: the supplier's spacing
 * between calls about one top-up (a minute at Digiflazz), doubling, at most an hour (about 2,200
 * questions over 90 days for one that never settles, few for the many settled at once).
 */
export const inquiryIntervalSeconds = (attempts: number, spacingSeconds: number) =>
  Math.min(spacingSeconds * 2 ** Math.max(0, attempts - 1), Math.max(spacingSeconds, maxInquiryIntervalSeconds));

/**
 * Whether the job should act on an open delivery now: a queued one whose dispatch did not happen
 * within two spacings (its dispatcher failed), or one sent or lost whose next inquiry is due (at
 * once, spacing allowing, when its shopper reported it missing since the last call).
 */
export function dueForDelivery(
  delivery: { state: DeliveryState; attempts: number; sentAt?: string; shopperAskedAt?: string },
  paidAt: string,
  now: number,
  spacingSeconds: number,
): boolean {
  if (delivery.state === 'queued') return now - Date.parse(paidAt) >= 2 * spacingSeconds * 1000;
  if (!isOpen(delivery.state)) return false;
  const last = Date.parse(delivery.sentAt ?? paidAt);
  // A shopper who reports it missing since the last call has it asked about as soon as the supplier's spacing allows.
  if (delivery.shopperAskedAt && Date.parse(delivery.shopperAskedAt) > last) return now - last >= spacingSeconds * 1000;
  return now - last >= inquiryIntervalSeconds(delivery.attempts, spacingSeconds) * 1000;
}

/**
 * Whether a top-up sent at `firstSentAt` may no longer be asked about: a day before the supplier's
 * limit (Digiflazz: a status check after 90 days makes a new transaction), it goes to a person.
 */
export const pastAskingWindow = (firstSentAt: string, now: number, askableForDays: number) =>
  now - Date.parse(firstSentAt) >= (askableForDays - 1) * 86_400_000;

/**
 * Whether a supplier plan may be sold automatically at `price`: never at or below its cost.
 * Answers the reason to stop, or undefined.
 */
export function costGuard(price: number, cost: number): string | undefined {
  return price <= cost ? `The price ৳${price} is not above the supplier's cost ৳${cost}` : undefined;
}
