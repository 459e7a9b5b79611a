import { TransactionCancelled, transact } from '../shared/transactions';
import { retrying } from '../shared/retry';
import { type LedgerReason, changeBalance } from './money';
import * as repo from './repo';

/** Whether a balance transaction lost a race with another change of the same wallet. */
export const lostWalletRace = (error: unknown) =>
  error instanceof TransactionCancelled && (error.conflicted || error.failedAt(0));

/**
 * Moves a user's balance by `delta` with its ledger entry in one transaction, re-reading and
 * retrying when another change of the same wallet got there first.
 */
export async function adjustBalance(userId: string, delta: number, reason: LedgerReason, reference: string) {
  return retrying(async () => {
    const change = changeBalance(await repo.getWallet(userId), delta, reason, reference);
    await transact(repo.balanceChangeItems(userId, change, new Date().toISOString()));
    return change.after;
  }, lostWalletRace);
}
