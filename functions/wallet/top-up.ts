import { userFromItem, userKey } from '../auth/repo';
import { GatewayError, checkoutLinks } from '../payments/gateway';
import { uddoktaPay } from '../payments/uddoktapay';
import { batchGet } from '../shared/db';
import { BadGateway, Conflict, Unauthorized } from '../shared/errors';
import { timeOrderedId } from '../shared/ids';
import type { Session } from '../shared/session-token';
import { requireActiveUser } from '../auth/service';
import { TransactionCancelled, transact } from '../shared/transactions';
import { type WalletRequest, listWalletRequests, newWalletRequestItems, txnClaimKey, walletRequestFromItem, walletRequestKey } from './repo';

export interface TopUpInput {
  amount: number;
  txnId: string;
  note?: string;
}

/** A repeated txn_id: the first request's payment link while it waits, else a 409. */
async function repeatOf(userId: string, requestId: string): Promise<{ paymentUrl: string; requestId: string }> {
  const [item] = await batchGet([walletRequestKey(userId, requestId)]);
  const first = item && walletRequestFromItem(item);
  if (first?.status === '0' && first.paymentUrl) return { paymentUrl: first.paymentUrl, requestId: first.requestId };
  throw new Conflict('This transaction id was already used');
}

/**
 * Starts a wallet top-up: opens a gateway checkout naming the request, then records the pending
 * request and the claim on its txn_id in one transaction, so one user's txn_id never makes two
 * requests. A refused checkout is recorded as a cancelled request with the gateway's reason
 * (visible in the wallet history, never dangling) and answered with the gateway's message.
 */
export async function startTopUp(session: Session, input: TopUpInput, siteOrigin: string): Promise<{ paymentUrl: string; requestId: string }> {
  const [profileItem, claimItem] = await batchGet([userKey(session.userId), txnClaimKey(session.userId, input.txnId)]);
  const user = profileItem && userFromItem(profileItem);
  if (!user || user.tokenVersion !== session.tokenVersion) throw new Unauthorized();
  if (claimItem) return repeatOf(session.userId, String(claimItem.requestId));

  const request: WalletRequest = {
    requestId: timeOrderedId(),
    userId: user.id,
    txnId: input.txnId,
    amount: input.amount,
    status: '0',
    note: input.note,
    createdAt: new Date().toISOString(),
  };
  let checkout: { paymentUrl: string; invoiceId: string } | undefined;
  let refusal: GatewayError | undefined;
  try {
    checkout = await uddoktaPay.createCheckout({
      fullName: user.name,
      email: user.email,
      amount: input.amount,
      metadata: { kind: 'wallet', userId: user.id, id: request.requestId },
      ...checkoutLinks(siteOrigin, '/profile/userWallet'),
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    refusal = error;
  }
  const recorded: WalletRequest = checkout ? { ...request, ...checkout } : { ...request, status: '2', cancelReason: refusal!.message };
  try {
    await transact(newWalletRequestItems(recorded));
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(1)) {
      const [claim] = await batchGet([txnClaimKey(session.userId, input.txnId)]);
      return repeatOf(session.userId, String(claim?.requestId));
    }
    throw error;
  }
  if (refusal) throw new BadGateway(refusal.message);
  return { paymentUrl: checkout!.paymentUrl, requestId: request.requestId };
}

/** The caller's top-up requests, newest first. */
export async function topUpHistory(session: Session): Promise<WalletRequest[]> {
  const [, requests] = await Promise.all([requireActiveUser(session), listWalletRequests(session.userId)]);
  return requests;
}
