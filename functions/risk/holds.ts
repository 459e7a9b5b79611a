/**
 * The rules of holds, pure: why a paid order waits for a person instead of being delivered, and
 * the one default rule (a young account's first large order).
 */

/** Why an order is held, as the review queue shows it. */
export interface HoldReason {
  kind: 'first-large-order' | 'velocity' | 'payer-blocked' | 'payer-search';
  /** In operator words: the rule and the identities it counted; never a code or a secret. */
  text: string;
}

/**
 * A paid order's hold: `held` (it reaches no supplier and claims no code; it waits in the review
 * queue), then `released` (delivery goes on) or `refunded` (to the wallet or the payment method),
 * once each, by the order's own conditional write.
 */
export interface Hold {
  state: 'held' | 'released' | 'refunded';
  reasons: HoldReason[];
  /** When it was held: the payment's settle time for a gateway order. */
  at: string;
  /** What the shopper is told the check takes, and when the operators are told again. */
  reviewWithinMinutes?: number;
  decidedAt?: string;
}

/** The hold an order starts with for `reasons` (none: undefined), promising a check within `reviewWithinMinutes`. */
export const holdFor = (reasons: HoldReason[], reviewWithinMinutes: number, at: string): Hold | undefined =>
  reasons.length > 0 ? { state: 'held', reasons, at, reviewWithinMinutes } : undefined;

/** The reason an order paid from a blocked payer's number is held. */
export const payerBlockedReason: HoldReason = { kind: 'payer-blocked', text: "The payer's number is on the blocklist" };

/** What a shopper is told when an order is placed held. */
export const heldOrderMessage = 'Order placed: we are checking it before delivery.';

/** Whether an order is held now (waiting for a person's release or refund). */
export const isHeld = (order: { hold?: Hold }) => order.hold?.state === 'held';

/** The minutes a hold's check is promised within (the settings' when it was held; an hour for a hold that named none). */
export const reviewMinutesOf = (hold: Hold) => hold.reviewWithinMinutes ?? 60;

/** Whether a hold is still undecided past the minutes promised to the shopper (the operators are told again). */
export const holdOverdue = (hold: Hold, now: number) => hold.state === 'held' && now - Date.parse(hold.at) > reviewMinutesOf(hold) * 60_000;

const dayMs = 86_400_000;

/**
 * The default rule: the first order of an account younger than `youngAccountDays`, at or above
 * `firstOrderHoldAmount` taka (0: never), is held. `returning` is whether the account has a paid
 * order already (a player ID topped up before by others does not vouch for a new account).
 */
export function firstLargeOrderHold(
  settings: { youngAccountDays: number; firstOrderHoldAmount: number },
  account: { createdAt: string },
  order: { price: number; returning: boolean },
  now: number,
): HoldReason[] {
  if (settings.firstOrderHoldAmount <= 0 || order.returning || order.price < settings.firstOrderHoldAmount) return [];
  if (!isYoungAccount(settings, account, now)) return [];
  return [
    {
      kind: 'first-large-order',
      text: `First order of ৳${order.price} (৳${settings.firstOrderHoldAmount} or more) from an account younger than ${settings.youngAccountDays} days`,
    },
  ];
}

/** Whether an account is younger than the settings' `youngAccountDays`. */
export const isYoungAccount = (settings: { youngAccountDays: number }, account: { createdAt: string }, now: number) =>
  now - Date.parse(account.createdAt) < settings.youngAccountDays * dayMs;
