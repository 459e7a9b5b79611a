/**
 * Claims on orders ("Report a problem", issue 41; ./claim-rules.ts has the rules): a shopper raises
 * one on their own order (one open at a time), operators answer in its thread and close it, each
 * change told in the same transaction (the operators' alert, the shopper's notice).
 */
import { claimOpenedAlert } from '../notifications/alerts';
import { claimReplyNotice } from '../notifications/events';
import { Conflict, NotFound } from '../shared/errors';
import { creationStamp } from '../shared/ids';
import { TransactionCancelled, type TransactionItem, transact } from '../shared/transactions';
import type { ActiveUser } from '../users/active-user';
import { claimMessageItem, closeClaimItems, findClaim, newClaimItems } from './claim-repo';
import { type Claim, type ClaimReason, newClaim } from './claim-rules';
import { getOrder } from './repo';

/** What a shopper says of a problem with an order. */
export interface ClaimInput {
  reason: ClaimReason;
  message?: string;
  image?: string;
  playerId?: string;
}

/**
 * Raises a claim on one of the user's placed orders (another's, or none: 404): the claim, its
 * order marked with it (an open claim already: 409) and the operators' alert, in one transaction.
 */
export async function raiseClaim(user: ActiveUser, orderId: string, input: ClaimInput): Promise<Claim> {
  const order = await getOrder(user.id, orderId);
  if (!order) throw new NotFound('Order not found');
  const { id: claimId, createdAt } = creationStamp();
  const claim = newClaim({ claimId, orderId, userId: user.id, ...input }, createdAt);
  try {
    await transact([...newClaimItems(claim), claimOpenedAlert(claim, createdAt)]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(1)) throw new Conflict('This order has an open report already');
    throw error;
  }
  return claim;
}

/** A claim by its id, or a 404. */
export async function claimById(claimId: string): Promise<Claim> {
  const claim = await findClaim(claimId);
  if (!claim) throw new NotFound('Claim not found');
  return claim;
}

/** An operator's answer in a claim's thread, told to the shopper, with `alsoWrite` (the audit entry); a closed claim: 409. */
export async function replyToClaim(claimId: string, message: string, alsoWrite: TransactionItem[]): Promise<Claim> {
  const claim = await claimById(claimId);
  if (claim.status !== 'open') throw new Conflict('This report is closed');
  const now = new Date().toISOString();
  const reply = { from: 'operator' as const, message, at: now };
  try {
    await transact([claimMessageItem(claim, reply), claimReplyNotice(claim, message, false, now), ...alsoWrite]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0))
      throw new Conflict('This report was closed meanwhile, or its thread is full: read it again');
    throw error;
  }
  return { ...claim, thread: [...claim.thread, reply] };
}

/** Closes a claim, once, with an optional last word to the shopper (told to them), and `alsoWrite`. */
export async function closeClaim(claimId: string, message: string | undefined, alsoWrite: TransactionItem[]): Promise<Claim> {
  const claim = await claimById(claimId);
  if (claim.status !== 'open') throw new Conflict('This report is closed already');
  const now = new Date().toISOString();
  const last = message ? { from: 'operator' as const, message, at: now } : undefined;
  try {
    await transact([...closeClaimItems(claim, now, last), claimReplyNotice(claim, message ?? '', true, now), ...alsoWrite]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0)) throw new Conflict('This report is closed already');
    throw error;
  }
  return { ...claim, status: 'closed', closedAt: now, thread: last ? [...claim.thread, last] : claim.thread };
}
