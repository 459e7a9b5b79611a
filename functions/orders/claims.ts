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
import { planFromItem, planKey } from '../catalog/repo';
import { batchGet } from '../shared/db';
import { retrying } from '../shared/retry';
import { claimMessageItem, closeClaimItems, findClaim, newClaimItems } from './claim-repo';
import { type Claim, type ClaimReason, newClaim, playerIdCorrectable, settledByRule } from './claim-rules';
import { orderAccount } from './order-rules';
import { getOrder } from './repo';
import type { PlanOrder } from './types';

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
 * A wrong player ID is settled at once where it still can be (`playerIdCorrectable`): corrected
 * in the same write, once, and the claim closed; where the top-up has gone, the claim stays open
 * for a person and says so. A lost race (the top-up sent meanwhile, another claim) reads again.
 */
export async function raiseClaim(user: ActiveUser, orderId: string, input: ClaimInput): Promise<Claim> {
  return retrying(
    async () => {
      const order = await getOrder(user.id, orderId);
      if (!order) throw new NotFound('Order not found');
      if (order.openClaimId) throw new Conflict(openAlready);
      const { id: claimId, createdAt } = creationStamp();
      let claim = newClaim({ claimId, orderId, userId: user.id, ...input }, createdAt);
      let correction: PlanOrder['playerIdCorrection'];
      if (claim.reason === 'wrong_player_id' && claim.playerId && !order.accountType) {
        if (playerIdCorrectable(order)) {
          const to = await checkedPlayerId(order, claim.playerId);
          correction = { from: order.accountId, to, at: createdAt };
          // The order shows the new player ID; the message names none, so that it reads the same in both languages.
          claim = settledByRule(claim, 'corrected', playerIdCorrected, createdAt);
        } else {
          claim = settledByRule(claim, 'refused', alreadyGone(order), createdAt);
        }
      }
      try {
        // A claim a rule settled needs no person: the operators hear of open ones only.
        await transact([...newClaimItems(claim, correction), ...(claim.status === 'open' ? [claimOpenedAlert(claim, createdAt)] : [])]);
      } catch (error) {
        if (!(error instanceof TransactionCancelled) || !error.failedAt(1)) throw error;
        const now = await getOrder(user.id, orderId);
        if (now?.openClaimId) throw new Conflict(openAlready);
        throw error;
      }
      return claim;
    },
    (error) => error instanceof TransactionCancelled,
  );
}

const openAlready = 'This order has an open report already';

/** The shop's word in the thread of a claim that corrected the player ID. */
const playerIdCorrected = 'Player ID corrected: your top-up goes to the player ID you gave now.';

/** Why a player ID cannot be corrected any more, in the shop's words in the claim's thread. */
const alreadyGone = (order: PlanOrder) =>
  order.playerIdCorrection
    ? "This order's player ID was corrected once already; an operator will answer here."
    : 'The top-up had already gone to the player ID you entered, so it cannot be changed here; an operator will answer here.';

/** The right player ID as the plan's form checks it (its length and digits): a wrong one is a 400, the form's message. */
async function checkedPlayerId(order: PlanOrder, typed: string): Promise<string> {
  const [planItem] = await batchGet([planKey(order.planId)]);
  return planItem ? orderAccount(planFromItem(planItem), { saccount_id: typed }).accountId : typed.trim();
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
