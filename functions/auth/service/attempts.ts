import { setTimeout as sleep } from 'node:timers/promises';
import { type RateLimit, type Taken, giveBack, lockBucket, resetBucket, takeAttempt } from '../../shared/rate-limit';
import type { User } from '../../users/repo';
import { loginLimits, lockSeconds, slowdownMs } from '../login-limits';
import { decoyHash, verifyPassword } from '../passwords';

/** Where an attempt was taken from, to give it back or lock it once the password is checked. */
interface Reservation {
  limit: RateLimit;
  key: string;
  taken: Taken;
}

/**
 * Takes an attempt from each bucket before anything is checked: all or none (one that refuses
 * gives back the others), so that a burst of guesses gets at most `max` checks per window.
 */
export async function reserve(buckets: { limit: RateLimit; key: string }[]): Promise<Reservation[]> {
  const results = await Promise.allSettled(buckets.map(({ limit, key }) => takeAttempt(limit, key)));
  const refusal = results.find((result) => result.status === 'rejected');
  if (refusal) {
    await Promise.all(buckets.map(({ limit, key }, i) => (results[i]!.status === 'fulfilled' ? giveBack(limit, key) : undefined)));
    throw refusal.reason;
  }
  return buckets.map((bucket, i) => ({ ...bucket, taken: (results[i] as PromiseFulfilledResult<Taken>).value }));
}

/** A checked attempt's outcome for its buckets: a success frees the account, a failure counts, and the one that fills an account locks it. */
export async function settleReservation(reservations: Reservation[], succeeded: boolean): Promise<void> {
  await Promise.all(
    reservations.map(({ limit, key, taken }) => {
      if (succeeded) return limit === loginLimits.account ? resetBucket(limit, key) : giveBack(limit, key);
      if (limit === loginLimits.account && taken.count >= limit.max)
        return lockBucket(limit, key, Math.floor(Date.now() / 1000) + lockSeconds(taken.locks));
      return undefined;
    }),
  );
}

/** Waits longer before checking each attempt beyond the first few of a window on one account. */
export async function slowDown(reservations: Reservation[]): Promise<void> {
  const account = reservations.find(({ limit }) => limit === loginLimits.account);
  if (account) await sleep(slowdownMs(account.taken.count));
}

/** Checks a password against the account's limit (the current-password check of a password change). */
export async function checkPassword(user: User, password: string): Promise<boolean> {
  const reservations = await reserve([{ limit: loginLimits.account, key: user.id }]);
  await slowDown(reservations);
  const matches = await verifyPassword(password, user.passwordHash ?? decoyHash);
  await settleReservation(reservations, matches);
  return matches;
}
