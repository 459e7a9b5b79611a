import { createHash, randomBytes } from 'node:crypto';
import { siteUrl } from '../../shared/config';
import type { Session } from '../../shared/session-token';
import { Conflict, Invalid } from '../../shared/errors';
import { TransactionCancelled, transact } from '../../shared/transactions';
import { badLinkMessage } from '../../contract/accounts';
import * as users from '../../users/repo';
import type { EmailTokenPurpose, User } from '../../users/repo';

/** How long a link in an e-mail works. */
const linkLifetimeSeconds: Record<EmailTokenPurpose, number> = {
  'verify-email': 2 * 86_400,
  'reset-password': 30 * 60,
  'cancel-email-change': 2 * 86_400,
};

/** The SPA page each link lands on. */
const linkPaths: Record<EmailTokenPurpose, string> = {
  'verify-email': '/verify-email',
  'reset-password': '/reset-password',
  'cancel-email-change': '/cancel-email-change',
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A new single-use link for `to`: the token is random, and only its hash is stored, with what it
 * is for, whose it is, the account state it was issued under and when it stops working. Answers
 * the link to mail.
 */
export async function createLink(user: User, to: string, purpose: EmailTokenPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = Math.floor(Date.now() / 1000) + linkLifetimeSeconds[purpose];
  const record = { purpose, userId: user.id, email: to, expiresAt, stateVersion: users.stateVersionOf(user) };
  await transact([users.emailTokenItem(hashOf(token), record, new Date().toISOString())]);
  return `${siteUrl()}${linkPaths[purpose]}?token=${encodeURIComponent(token)}`;
}

/** The one answer to a link that does not work, whatever the reason. */
export const badLink = () => new Invalid(badLinkMessage, { token: badLinkMessage });

/**
 * The link's token, read and checked: unknown, spent, expired, for another purpose or issued
 * before the account's last identity change is the same 400. Answers the record and the user it
 * belongs to; spending it conditions the profile update on that same state.
 */
export async function openLink(token: string, purpose: EmailTokenPurpose): Promise<{ hash: string; record: users.EmailToken; user: User }> {
  const hash = hashOf(token);
  const record = await users.getEmailToken(hash);
  if (!record || record.purpose !== purpose || record.expiresAt <= Math.floor(Date.now() / 1000)) throw badLink();
  const user = await users.getUser(record.userId);
  if (!user || record.stateVersion !== users.stateVersionOf(user)) throw badLink();
  return { hash, record, user };
}

/**
 * A verification link followed: the address it was sent to is proved. When it is the account's
 * address, the account is marked verified; when it is the new address the user asked for, the
 * email changes now (its claim is taken, the old one freed; every session ends, so the owner
 * signs in again with the new address) — 409 if someone took it meanwhile.
 * Followed by someone signed in to the account (`session`, at its current token version), it
 * also proves that the address's owner holds the password; followed by anyone else (the real
 * owner of an address someone else registered), it does not, and a later Google link drops it.
 * The link is spent in the same transaction, so it works once. Answers which of the two it was.
 */
export async function verifyEmail(
  token: string,
  session: Session | undefined,
): Promise<{ outcome: 'verified' | 'changed'; user: User; previousEmail: string }> {
  const { hash, record, user } = await openLink(token, 'verify-email');
  const now = new Date().toISOString();
  const proved = users.normalizeEmail(record.email);
  const address =
    proved === user.email
      ? { emailVerified: true }
      : proved === user.pendingEmail
        ? { email: proved, emailVerified: true, pendingEmail: null, revokeTokens: true }
        : undefined;
  if (!address) throw badLink();
  const heldBySigner = Boolean(user.passwordHash) && session?.userId === user.id && session.tokenVersion === user.tokenVersion;
  const changes = heldBySigner ? { ...address, passwordProvenFor: proved } : address;
  const moves = proved === user.email ? [] : users.moveClaimItems('email', user.email, proved, user.id, now);
  try {
    await transact([users.spendEmailTokenItem(hash), users.updateProfileItem(user, changes, now), ...moves]);
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    // Spent meanwhile, or the account changed since the link was read.
    if (error.failedAt(0) || error.failedAt(1)) throw badLink();
    if (moves.length > 0 && error.failedAt(2)) throw new Conflict('This email is now used by another account');
    throw error;
  }
  return { outcome: moves.length > 0 ? 'changed' : 'verified', user: users.afterChange(user, changes), previousEmail: user.email };
}

/**
 * The owner's "this wasn't me", from the mail to their address: the pending email change is
 * dropped and every session ends, in one transaction with the link spent. Works only while the
 * change it was mailed about is still pending (the state version holds).
 */
export async function cancelEmailChange(token: string): Promise<void> {
  const { hash, record, user } = await openLink(token, 'cancel-email-change');
  if (!user.pendingEmail || users.normalizeEmail(record.email) !== user.email) throw badLink();
  try {
    await transact([
      users.spendEmailTokenItem(hash),
      users.updateProfileItem(user, { pendingEmail: null, revokeTokens: true }, new Date().toISOString()),
    ]);
  } catch (error) {
    if (error instanceof TransactionCancelled) throw badLink();
    throw error;
  }
}
