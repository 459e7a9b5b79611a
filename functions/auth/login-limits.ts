import { type RateLimit, tryAgainIn } from '../shared/rate-limit';

/** Seconds a window lasts, and the first lock after the account limit trips. LOGIN_WINDOW_SECONDS shortens it in tests. */
const windowSeconds = Number(process.env.LOGIN_WINDOW_SECONDS ?? 900);

const refused = tryAgainIn('Too many failed attempts.');

/**
 * Brute-force limits on logins and on the current-password check of a password change. Every
 * attempt is taken from its buckets before the password is checked (so at most `max` are ever
 * checked per window, whatever the concurrency), and a success gives it back.
 * - `account`: one bucket per account (whichever identifier named it), or per unknown identifier.
 *   The attempt that fills it locks it for a window that doubles with each lock (the attacker's
 *   cost), until a success from outside resets it.
 * - `device`: a browser that signed in to the account before (its device cookie) has its own
 *   bucket instead, so its owner still gets in while the account is locked for everyone else.
 * - `address`: many accounts tried from one client address (not counted for a known device).
 */
export const loginLimits = {
  account: { name: 'login-account', max: 5, windowSeconds, message: refused } satisfies RateLimit,
  device: { name: 'login-device', max: 10, windowSeconds, message: refused } satisfies RateLimit,
  address: { name: 'login-address', max: 30, windowSeconds, message: refused } satisfies RateLimit,
  /** Attempts of a window after which an account answers more slowly. */
  slowAfter: 3,
  /** The longest delay added to one attempt, and the longest lock. */
  maxSlowdownMs: 3000,
  maxLockSeconds: 86_400,
};

/** The delay before checking the `count`th attempt of a window on an account. */
export function slowdownMs(count: number): number {
  const over = count - loginLimits.slowAfter;
  return over > 0 ? Math.min(over * 1000, loginLimits.maxSlowdownMs) : 0;
}

/** How long the next lock lasts after `locks` earlier ones: one window, then twice as long each time. */
export function lockSeconds(locks: number): number {
  return Math.min(windowSeconds * 2 ** locks, loginLimits.maxLockSeconds);
}
