import { auditEntry, auditItem } from '../../audit/repo';
import { countCodeClaims } from '../../orders/claim-repo';
import { playerLinkCounts } from '../../orders/player-id-repo';
import { codeClaimWindowStart, linkageFlags } from '../../risk/linkage';
import { countAccountsOfDevice, devicesOfAccount } from '../../risk/repo';
import { batchGet } from '../../shared/db';
import { NotFound } from '../../shared/errors';
import type { ActiveUser } from '../../users/active-user';
import { type Role, type User, findUserIds, getUser, userFromItem, userKey } from '../../users/repo';
import * as users from '../../users/service';
import type { Wallet } from '../../wallet/money';
import { type LedgerEntry, listRecentLedger, walletFromItem, walletKey } from '../../wallet/repo';
import { adjustBalance } from '../../wallet/service';

/** A user as operators see them: the profile and the balance. */
export interface UserWithBalance {
  user: User;
  wallet: Wallet;
}

/** Users and their wallets, in one BatchGetItem; ids without a user are left out. */
async function withWallets(userIds: string[]): Promise<UserWithBalance[]> {
  if (userIds.length === 0) return [];
  const items = await batchGet(userIds.flatMap((id) => [userKey(id), walletKey(id)]));
  return userIds.flatMap((_, i) => {
    const profile = items[i * 2];
    return profile ? [{ user: userFromItem(profile), wallet: walletFromItem(items[i * 2 + 1]) }] : [];
  });
}

/** The users an operator's search names: exact email, mobile number or user id. */
export async function searchUsers(query: string): Promise<UserWithBalance[]> {
  return withWallets(await findUserIds(query));
}

/** The most accounts on any device this account has bought on (a Query count per device; a few devices an account). */
async function mostAccountsOnDevicesOf(userId: string): Promise<number> {
  const counts = await Promise.all((await devicesOfAccount(userId)).map(countAccountsOfDevice));
  return Math.max(0, ...counts);
}

/** One user with the balance, the newest 100 ledger entries and the account's linkage flags (docs/risk.md), or a 404. */
export async function userDetail(userId: string): Promise<UserWithBalance & { ledger: LedgerEntry[]; flags: string[] }> {
  const [[found], ledger, links, accountsOfDevice, codeClaimsOfAccount] = await Promise.all([
    withWallets([userId]),
    listRecentLedger(userId, 100),
    playerLinkCounts(userId),
    mostAccountsOnDevicesOf(userId),
    countCodeClaims(userId, codeClaimWindowStart()),
  ]);
  if (!found) throw new NotFound('User not found');
  return { ...found, ledger, flags: linkageFlags({ ...links, accountsOfDevice, codeClaimsOfAccount }) };
}

/**
 * An operator's manual change of a balance (non-zero whole taka; a debit below zero is a 409),
 * through the wallet: one transaction of the balance change, its ledger entry (reason
 * `adjustment`, reference the audit entry) and the audit entry with the operator's reason.
 */
export async function adjustWallet(admin: ActiveUser, userId: string, amount: number, reason: string): Promise<Wallet> {
  if (!(await getUser(userId))) throw new NotFound('User not found');
  const entry = auditEntry(admin.id, 'user.adjust', userId, `${amount > 0 ? '+' : ''}${amount} taka: ${reason}`);
  return adjustBalance(userId, amount, 'adjustment', entry.id, [auditItem(entry)]);
}

/**
 * Grants or revokes the admin role by email (the `npm run admin` command), through the users
 * area, with an audit entry in the same transaction.
 */
export async function grantRole(email: string, role: Role, actorId: string): Promise<User> {
  const user = await users.userByEmail(email);
  const entry = auditEntry(actorId, role === 'admin' ? 'user.grant-admin' : 'user.revoke-admin', user.id, user.email);
  return users.setRole(user, role, [auditItem(entry)]);
}
