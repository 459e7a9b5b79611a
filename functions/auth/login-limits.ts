/**
 * Brute-force limits on logins (and on the current-password check of a password change).
 * Failures are counted per account and per client address within a window; an account is slowed
 * after a few failures and both are refused with 429 once over their limit, until the window
 * (renewed when the limit trips) has passed. A success clears the account's count; the
 * address's count only expires, so one good login cannot reset an attack on other accounts.
 */
export const loginLimits = {
  /** Seconds a window lasts, and a lock after it trips. LOGIN_WINDOW_SECONDS shortens it in tests. */
  windowSeconds: Number(process.env.LOGIN_WINDOW_SECONDS ?? 900),
  account: { maxFailures: 5, slowAfter: 3 },
  address: { maxFailures: 30 },
  /** The longest delay added to one attempt. */
  maxSlowdownMs: 3000,
};

export type LimitScope = 'account' | 'address';

/** A failure count as stored: failures in the window that ends at `windowEndsAt` (epoch seconds). */
export interface FailureCount {
  failures: number;
  windowEndsAt: number;
}

const limitOf = (scope: LimitScope) => loginLimits[scope].maxFailures;

/** Failures that still count at `now`: none once the window has passed. */
export function activeFailures(count: FailureCount | undefined, now: number): number {
  return count && count.windowEndsAt > now ? count.failures : 0;
}

/** Seconds until `count` lets attempts through again, or 0 when it does now. */
export function lockedFor(scope: LimitScope, count: FailureCount | undefined, now: number): number {
  return activeFailures(count, now) >= limitOf(scope) ? count!.windowEndsAt - now : 0;
}

/** Whether this failure brings the count to its limit, so that the window restarts as a lock. */
export function tripsLimit(scope: LimitScope, failures: number): boolean {
  return failures === limitOf(scope);
}

/** The delay before answering an attempt on an account that has already failed `failures` times. */
export function slowdownMs(failures: number): number {
  const over = failures - loginLimits.account.slowAfter + 1;
  return over > 0 ? Math.min(over * 1000, loginLimits.maxSlowdownMs) : 0;
}
