import type { Language } from '../../contract/fields';
import { logger } from '../../shared/logger';
import { Invalid } from '../../shared/errors';
import { type RateLimit, takeAttempt, tryAgainIn } from '../../shared/rate-limit';
import * as users from '../../users/repo';
import type { User } from '../../users/repo';
import { verifyGoogleIdToken } from '../google';
import { requireOpenGoogleNonce } from '../google-nonce';
import { createAccount } from './accounts';
import { sendVerification } from './mails';

/** Registrations from one client address: enough for a family or a shop counter, not for a script. */
const registrationsPerAddress: RateLimit = {
  name: 'register-address',
  max: Number(process.env.REGISTER_LIMIT_PER_ADDRESS ?? 10),
  windowSeconds: 3600,
  message: tryAgainIn('Too many registrations from this network.'),
};

/**
 * Registration, limited per client address. With a Google ID token the identity comes from the
 * verified token (its email must be the one given, its nonce this browser's and still open) and the
 * account has no password and a verified email; otherwise the password is required and the
 * address gets a verification link.
 */
export async function register(
  input: {
    name: string;
    email: string;
    mobileNo: string;
    password?: string;
    googleToken?: string;
    nonceSecret?: string;
    language?: Language;
  },
  clientIp: string,
): Promise<User> {
  await takeAttempt(registrationsPerAddress, clientIp);
  if (!input.googleToken) {
    const user = await createAccount({ ...input, password: input.password });
    await sendVerification(user, user.email).catch((error: unknown) => logger.error('verification mail not sent', { error }));
    return user;
  }
  const identity = await verifyGoogleIdToken(input.googleToken, input.nonceSecret);
  if (users.normalizeEmail(identity.email) !== users.normalizeEmail(input.email)) throw new Invalid('Google sign-in failed');
  // Not spent: the client logs in with the same token next, which spends it.
  await requireOpenGoogleNonce(identity.nonce);
  return createAccount({
    name: input.name || identity.name,
    email: identity.email,
    mobileNo: input.mobileNo,
    googleSub: identity.sub,
    photoURL: identity.picture,
    emailVerified: true,
    language: input.language,
  });
}
