import { GatewayError, checkoutLinks } from '../gateway/port';
import { limitCheckoutStart, tooManyOpenCheckouts } from '../gateway/limits';
import { gateways } from '../gateway/registry';
import { openCheckoutItem, pendingPaymentKeys } from '../gateway/repo';
import { deviceLinkItem } from '../risk/repo';
import { type RequestOrigin, identityOf, riskRequest, velocityCheck } from '../risk/service';
import { batchGet } from '../shared/db';
import { Conflict } from '../shared/errors';
import { creationStamp } from '../shared/ids';
import { TransactionCancelled, transact } from '../shared/transactions';
import type { ActiveUser } from '../users/active-user';
import * as repo from './repo';
import type { WalletRequest } from './repo';

/**
 * Wallet top-ups through the payment gateway, apart from the balance rules (./service): what
 * moves a balance never loads the gateway's adapter and its configuration.
 */

export interface TopUpInput {
  amount: number;
  txnId: string;
  note?: string;
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
 * Starts a wallet top-up: opens a checkout at the stage's gateway naming the request, then records
 * the pending request (with the gateway it was opened at) and the claim on its txn_id in one transaction, so one user's txn_id never makes two
 * requests; the user may have at most five payments waiting, and start only so many checkouts
 * (per user and per address) a few minutes. A checkout the gateway refuses or cannot open records nothing (no "cancelled" row the
 * shopper did not cause): 409 with the gateway's words, or 503 to try again later. A blocked buyer
 * is refused, and so is a top-up past any velocity rule (a hold rule's too: a held credit would be
 * money in limbo in a wallet), its counters added in the request's own transaction.
 */
export async function startTopUp(
  user: ActiveUser,
  input: TopUpInput,
  origin: RequestOrigin,
): Promise<{ paymentUrl: string; requestId: string }> {
  const identity = identityOf(user, origin);
  const risk = riskRequest(identity);
  const [claimItem, ...riskItems] = await batchGet([repo.txnClaimKey(user.id, input.txnId), ...risk.keys]);
  if (claimItem) return repeatOf(user.id, String(claimItem.requestId), input.amount);
  const velocity = velocityCheck(risk.read(riskItems), identity, user, input.amount);
  if (velocity.outrightHolds.length > 0) throw velocity.refusal();
  await limitCheckoutStart(user.id, origin.clientIp);

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
  const gateway = gateways.forCheckout;
  let checkout: { paymentUrl: string };
  try {
    checkout = await gateway.createCheckout({
      fullName: user.name,
      email: user.email,
      amount: input.amount,
      metadata: reference,
      ...checkoutLinks(gateway, '/profile/userWallet', reference),
    });
  } catch (error) {
    throw error instanceof GatewayError ? error.toShopperError() : error;
  }
  const record = [
    ...repo.newWalletRequestItems({ ...request, ...checkout, gateway: gateway.name }, pendingPaymentKeys(reference, request.createdAt)),
    openCheckoutItem(user.id),
    ...(origin.deviceId ? [deviceLinkItem(origin.deviceId, user.id, request.createdAt)] : []),
  ];
  try {
    await transact([...record, ...velocity.items('strict', request.createdAt)]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(1)) {
      const [claim] = await batchGet([repo.txnClaimKey(user.id, input.txnId)]);
      return repeatOf(user.id, String(claim?.requestId), input.amount);
    }
    if (velocity.failed(error, record.length)) throw velocity.refusal();
    throw tooManyOpenCheckouts(error, 2) ?? error;
  }
  return { paymentUrl: checkout.paymentUrl, requestId: request.requestId };
}
