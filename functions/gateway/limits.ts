import { type RateLimit, takeAttempt, tryAgainIn } from '../shared/rate-limit';
import { TooManyRequests } from '../shared/errors';
import { TransactionCancelled } from '../shared/transactions';
import { maxOpenCheckouts } from './repo';

/** Gateway checkouts one user may start in ten minutes, and one client address. */
const checkoutsPerUser: RateLimit = {
  name: 'checkout-user',
  max: 10,
  windowSeconds: 600,
  message: tryAgainIn('Too many payments started.'),
};
/** A guest's contact may start fewer: no account stands behind it. */
const checkoutsPerGuest: RateLimit = { ...checkoutsPerUser, name: 'checkout-guest', max: 4 };
const checkoutsPerAddress: RateLimit = {
  name: 'checkout-address',
  max: Number(process.env.CHECKOUT_LIMIT_PER_ADDRESS ?? 30),
  windowSeconds: 600,
  message: tryAgainIn('Too many payments started from this network.'),
};

/** Payment checks (the return path) one user may ask for in ten minutes. */
const verificationsPerUser: RateLimit = {
  name: 'verify-user',
  max: 30,
  windowSeconds: 600,
  message: tryAgainIn('Too many payment checks.'),
};

/**
 * Before a checkout is opened at the gateway (each costs a call with the merchant's key): the
 * user's (a guest contact's, lower) and the address's limits.
 */
export async function limitCheckoutStart(userId: string, clientIp: string, guest = false): Promise<void> {
  await takeAttempt(guest ? checkoutsPerGuest : checkoutsPerUser, userId);
  await takeAttempt(checkoutsPerAddress, clientIp);
}

/** Before a payment is checked with the gateway on the payer's return. */
export const limitPaymentCheck = (userId: string) => takeAttempt(verificationsPerUser, userId);

/** The refusal of a checkout whose record failed on `openCheckoutItem` (at `index` of its transaction). */
export function tooManyOpenCheckouts(error: unknown, index: number): TooManyRequests | undefined {
  return error instanceof TransactionCancelled && error.failedAt(index)
    ? new TooManyRequests(`You have ${maxOpenCheckouts} payments waiting. Finish or cancel one of them first.`)
    : undefined;
}
