import { resetBucket } from '../../shared/rate-limit';
import { TransactionCancelled, transact } from '../../shared/transactions';
import * as users from '../../users/repo';
import { passwordChangedNotice } from '../../notifications/events';
import { loginLimits } from '../login-limits';
import { hashPassword } from '../passwords';
import { badLink, openLink } from './links';

/**
 * A reset link followed with a new password: only while the account is in the state it was mailed
 * under and the address it reached is still the account's email. The password is set, every
 * session ends (the token version moves on), the state version moves on (so its sibling links die),
 * the address is proved (the link reached it) and the account's login lock is lifted. The link is
 * spent in the same transaction, so it works once; the owner is told through the outbox.
 */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  const { hash, record, user } = await openLink(token, 'reset-password');
  if (users.normalizeEmail(record.email) !== user.email) throw badLink();
  const change = { passwordHash: await hashPassword(newPassword), passwordProvenFor: user.email, emailVerified: true, revokeTokens: true };
  try {
    const now = new Date().toISOString();
    await transact([
      users.spendEmailTokenItem(hash),
      users.updateProfileItem(user, change, now),
      passwordChangedNotice(user.id, 'reset', now),
    ]);
  } catch (error) {
    if (error instanceof TransactionCancelled) throw badLink();
    throw error;
  }
  await resetBucket(loginLimits.account, user.id);
}
