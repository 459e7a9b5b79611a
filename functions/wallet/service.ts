import { checkoutLinks, GatewayError } from '../gateway/port';
import { limitCheckoutStart, tooManyOpenCheckouts } from '../gateway/limits';
import { openCheckoutItem, pendingPaymentKeys } from '../gateway/repo';
import { uddoktaPay } from '../gateway/uddoktapay';
import { batchGet } from '../shared/db';
import { Conflict } from '../shared/errors';
import { creationStamp } from '../shared/ids';
import { retrying } from '../shared/retry';
import { TransactionCancelled, transact } from '../shared/transactions';
import type { ActiveUser } from '../users/active-user';
import { type LedgerReason, type Wallet, changeBalance } from './money';
import * as repo from './repo';
import type { LedgerEntry, WalletRequest } from './repo';
import type { Page, PageRequest } from '../shared/cursor';

export interface TopUpInput {
  amount: number;
  txnId: string;
  note?: string;
}

/** The signed-in user's wallet (one strongly consistent read). */
export function walletOf(user: ActiveUser): Promise<Wallet> {
  return repo.getWallet(user.id);
}

/** A repeated txn_id: the first request's payment link while it waits (for the same amount only), else a 409. */
async function repeatOf(userId: string, requestId: string, amount: number): Promise<{ paymentUrl: string; requestId: string }> {
  const [item] = await batchGet([repo.walletRequestKey(userId, requestId)]);
  const first = item && repo.walletRequestFromItem(item);
  if (first && first.amount !== amount) throw new Conflict('This transaction id was used for another amount');
  if (first?.status === 'pending' && first.paymentUrl) return { paymentUrl: first.paymentUrl, requestId: first.requestId };
  throw new Conflict('This transaction id was already used');
}

/**
 * Starts a wallet top-up: opens a gateway checkout naming the request, then records the pending
 * request and the claim on its txn_id in one transaction, so one user's txn_id never makes two
 * requests; the user may have at most five payments waiting, and start only so many checkouts
 * (per user and per address) a few minutes. A checkout the gateway refuses or cannot open records nothing (no "cancelled" row the
 * shopper did not cause): 409 with the gateway's words, or 503 to try again later.
 */
export async function startTopUp(user: ActiveUser, input: TopUpInput, clientIp: string): Promise<{ paymentUrl: string; requestId: string }> {
  const [claimItem] = await batchGet([repo.txnClaimKey(user.id, input.txnId)]);
  if (claimItem) return repeatOf(user.id, String(claimItem.requestId), input.amount);
  await limitCheckoutStart(user.id, clientIp);

  const { id, createdAt } = creationStamp();
  const request: WalletRequest = {
    requestId: id,
    userId: user.id,
    txnId: input.txnId,
    amount: input.amount,
    status: 'pending',
    note: input.note,
    createdAt,
  };
  const reference = { kind: 'wallet' as const, userId: user.id, id: request.requestId };
  let checkout: { paymentUrl: string };
  try {
    checkout = await uddoktaPay.createCheckout({
      fullName: user.name,
      email: user.email,
      amount: input.amount,
      metadata: reference,
      ...checkoutLinks('/profile/userWallet', reference),
    });
  } catch (error) {
    throw error instanceof GatewayError ? error.toShopperError() : error;
  }
  try {
    await transact([...repo.newWalletRequestItems({ ...request, ...checkout }, pendingPaymentKeys(reference, request.createdAt)), openCheckoutItem(user.id)]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(1)) {
      const [claim] = await batchGet([repo.txnClaimKey(user.id, input.txnId)]);
      return repeatOf(user.id, String(claim?.requestId), input.amount);
    }
    throw tooManyOpenCheckouts(error, 2) ?? error;
  }
  return { paymentUrl: checkout.paymentUrl, requestId: request.requestId };
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
 * Moves a user's balance by `delta` with its ledger entry in one transaction, re-reading and
 * retrying when another change of the same wallet got there first.
 */
export async function adjustBalance(userId: string, delta: number, reason: LedgerReason, reference: string): Promise<Wallet> {
  return retrying(async () => {
    const change = changeBalance(await repo.getWallet(userId), delta, reason, reference);
    await transact(repo.balanceChangeItems(userId, change, new Date().toISOString()));
    return change.after;
  }, lostWalletRace);
}
