import type { Language } from '../../contract/fields';
import { batchGet } from '../../shared/db';
import { type RateLimit, takeAttempt, tryAgainIn } from '../../shared/rate-limit';
import * as users from '../../users/repo';
import { sendPasswordReset } from './mails';

const resetsPerAddress: RateLimit = {
  name: 'reset-address',
  max: Number(process.env.RESET_LIMIT_PER_ADDRESS ?? 10),
  windowSeconds: 3600,
  message: tryAgainIn('Too many password resets asked for.'),
};
const resetsPerEmail: RateLimit = {
  name: 'reset-email',
  max: 3,
  windowSeconds: 3600,
  message: tryAgainIn('Too many password resets asked for.'),
};

/**
 * "Forgot password": mails a reset link when an account has this email. The answer is the same
 * either way (the handler's one message), and asking is limited per client address and per
 * address asked about, so it is neither an oracle nor a way to flood someone's inbox.
 */
export async function requestPasswordReset(email: string, clientIp: string, language?: Language): Promise<void> {
  const address = users.normalizeEmail(email);
  await takeAttempt(resetsPerAddress, clientIp);
  await takeAttempt(resetsPerEmail, address);
  const [claim] = await batchGet([users.claimKey('email', address)]);
  const user = claim ? await users.getUser(String(claim.userId)) : undefined;
  // In the account's language; an account from before languages, in the asker's.
  if (user) await sendPasswordReset({ ...user, language: user.language ?? language });
}
