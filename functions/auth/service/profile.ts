import { googlePlaceholderMobile } from '../../contract/rules';
import { batchGet } from '../../shared/db';
import { Conflict, Unauthorized } from '../../shared/errors';
import { type RateLimit, tryAgainIn } from '../../shared/rate-limit';
import { signSessionToken } from '../../shared/session-token';
import { TransactionCancelled, transact } from '../../shared/transactions';
import type { ActiveUser } from '../../users/active-user';
import * as users from '../../users/repo';
import { getWallet } from '../../wallet/repo';
import { hashPassword } from '../passwords';
import type { Account } from './accounts';
import { reserve } from './attempts';
import { sendEmailChangeNotice, sendVerification } from './mails';
import { passwordChangedNotice } from '../../notifications/events';
import { type FreshProof, requireFreshProof } from './proof';

/**
 * The one budget of mails to an address the caller chose (a new email, a verification again):
 * per user and per address mailed, both taken before anything is written or sent.
 */
const mailsPerUser: RateLimit = {
  name: 'verification-mail',
  max: 5,
  windowSeconds: 3600,
  message: tryAgainIn('Too many verification emails.'),
};
const mailsPerAddress: RateLimit = {
  name: 'mail-address',
  max: 3,
  windowSeconds: 3600,
  message: tryAgainIn('Too many emails to this address.'),
};
const takeMailBudget = (user: ActiveUser, to: string) =>
  reserve([
    { limit: mailsPerUser, key: user.id },
    { limit: mailsPerAddress, key: to },
  ]);

/**
 * Profile edit: name and mobile number (its claim moves in the same transaction, so uniqueness
 * holds; the Google placeholder claims nothing). A new email does not take effect now: it waits,
 * as `pendingEmail`, for the owner of the new address to follow the link mailed to it, so nobody
 * can put another person's address on their account; asking for it needs fresh proof.
 */
export async function updateProfile(
  user: ActiveUser,
  input: { name: string; mobileNo: string; email?: string; proof: FreshProof },
): Promise<Account & { verificationSentTo?: string }> {
  const email = input.email ? users.normalizeEmail(input.email) : user.email;
  const mobileNo = users.normalizeMobile(input.mobileNo);
  const claimable = (value: string) => (value === googlePlaceholderMobile ? undefined : value);
  const now = new Date().toISOString();
  // Asking again for the address already pending changes nothing of it and sends nothing.
  const asksAgain = email === user.pendingEmail;
  const newEmail = email !== user.email && !asksAgain ? email : undefined;
  if (newEmail) {
    await requireFreshProof(user, input.proof);
    await takeMailBudget(user, newEmail);
    const [claim] = await batchGet([users.claimKey('email', newEmail)]);
    if (claim) throw new Conflict('This email is already registered');
  }
  // A new number is not proved by the old one's code: the shopper verifies it again.
  const unproved = mobileNo !== user.mobileNo && user.mobileVerified !== undefined ? { mobileVerified: null } : {};
  const change = { name: input.name, mobileNo, ...unproved, ...(newEmail ? { pendingEmail: newEmail } : {}) };
  const items = [users.updateProfileItem(user, change, now)];
  if (mobileNo !== user.mobileNo)
    items.push(...users.moveClaimItems('mobile', claimable(user.mobileNo), claimable(mobileNo), user.id, now));
  const saved = transact(items).catch((error: unknown) => {
    if (!(error instanceof TransactionCancelled)) throw error;
    if (error.failedAt(0)) throw new Unauthorized();
    if (error.reasons.includes('ConditionalCheckFailed')) throw new Conflict('This mobile number is already registered');
    throw error;
  });
  const [wallet] = await Promise.all([getWallet(user.id), saved]);
  const updated = users.afterChange(user, change);
  if (newEmail) await Promise.all([sendVerification(updated, newEmail), sendEmailChangeNotice(updated, newEmail)]);
  return { user: updated, wallet, verificationSentTo: newEmail ?? (asksAgain ? email : undefined) };
}

/** Mails the verification link again: to the address waiting to replace the email, else to the unverified email. */
export async function resendVerification(user: ActiveUser): Promise<string> {
  const to = user.pendingEmail ?? (user.emailVerified ? undefined : user.email);
  if (!to) throw new Conflict('Your email is already verified');
  await takeMailBudget(user, to);
  await sendVerification(user, to);
  return to;
}

/**
 * Password change, or a Google-only account's first password: fresh proof is required (the
 * current password, or a recent Google sign-in). The token version moves on, so every older
 * token stops working, and the caller gets a fresh token.
 */
export async function changePassword(user: ActiveUser, input: { proof: FreshProof; next: string }): Promise<string> {
  await requireFreshProof(user, input.proof);
  try {
    // Proved by the current password, a new one is as proven as the old; by a Google sign-in, the address's owner set it.
    const provenFor = user.passwordHash ? {} : { passwordProvenFor: user.emailVerified ? user.email : null };
    const now = new Date().toISOString();
    await transact([
      users.updateProfileItem(user, { passwordHash: await hashPassword(input.next), ...provenFor, revokeTokens: true }, now),
      passwordChangedNotice(user.id, user.passwordHash ? 'changed' : 'set', now),
    ]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0)) throw new Unauthorized();
    throw error;
  }
  return signSessionToken({ userId: user.id, tokenVersion: user.tokenVersion + 1 });
}
