import type { Page, PageRequest } from '../shared/cursor';
import { retrying } from '../shared/retry';
import { TransactionCancelled, type TransactionItem, transact } from '../shared/transactions';
import type { ActiveUser } from '../users/active-user';
import { type LedgerReason, type Wallet, changeBalance } from './money';
import * as repo from './repo';
import type { LedgerEntry, WalletRequest } from './repo';

/** The signed-in user's wallet (one strongly consistent read). */
export function walletOf(user: ActiveUser): Promise<Wallet> {
  return repo.getWallet(user.id);
}

/** A page of the signed-in user's wallet statement (the ledger), newest first. */
export function statementOf(user: ActiveUser, request: PageRequest): Promise<Page<LedgerEntry>> {
  return repo.ledgerPage(user.id, request);
}

/** The signed-in user's top-up requests, newest first. */
export function topUpHistory(user: ActiveUser): Promise<WalletRequest[]> {
  return repo.listWalletRequests(user.id);
}

/** Whether a balance transaction lost a race with another change of the same wallet. */
export const lostWalletRace = (error: unknown) => error instanceof TransactionCancelled && (error.conflicted || error.failedAt(0));

/**
 * Moves a user's balance by `delta` (a debit below zero is a 409) with its ledger entry and
 * `alsoWrite` (an operator's audit entry) in one transaction, re-reading and retrying when another
 * change of the same wallet got there first.
 */
export async function adjustBalance(
  userId: string,
  delta: number,
  reason: LedgerReason,
  reference: string,
  alsoWrite: TransactionItem[] = [],
): Promise<Wallet> {
  return retrying(async () => {
    const change = changeBalance(await repo.getWallet(userId), delta, reason, reference);
    await transact([...repo.balanceChangeItems(userId, change, new Date().toISOString()), ...alsoWrite]);
    return change.after;
  }, lostWalletRace);
}
