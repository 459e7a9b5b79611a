/**
 * Claims on orders ("Report a problem", issue 41; ./claim-rules.ts has the rules): a shopper raises
 * one on their own order (one open at a time); a rule settles the common cases at once, each
 * exactly once by the order's own conditional write; operators answer in its thread, act on the
 * order and close it, each change told in the same transaction (the operators' alert, the
 * shopper's notice).
 */
import { planFromItem, planKey } from '../catalog/repo';
import { claimOpenedAlert } from '../notifications/alerts';
import { claimReplyNotice } from '../notifications/events';
import { codeClaimWindowStart, linkageThresholds } from '../risk/linkage';
import { batchGet } from '../shared/db';
import { Conflict, Invalid, NotFound, ServiceUnavailable } from '../shared/errors';
import { creationStamp } from '../shared/ids';
import { retrying } from '../shared/retry';
import { TransactionCancelled, type TransactionItem, transact } from '../shared/transactions';
import { type UpdatePart, withUpdatePart } from '../shared/update-parts';
import { maskCode } from '../vouchers/inventory';
import { codeToClaim, quarantineItems, tellLowStockAfterClaim } from '../vouchers/service';
import { changeBalance } from '../wallet/money';
import { balanceChangeItems, getWallet } from '../wallet/repo';
import {
  claimClosedPart,
  claimMarkPart,
  claimMessageItem,
  claimPutItem,
  closeClaimItem,
  codeReplacementPart,
  findClaim,
  orderClaimItem,
  playerIdCorrectionPart,
  countCodeClaims,
} from './claim-repo';
import {
  type Claim,
  type ClaimMessage,
  type ClaimReason,
  claimWords,
  codeReplaceable,
  evidencePrefixOf,
  newClaim,
  playerIdCorrectable,
  settledByRule,
} from './claim-rules';
import { startDeliveryAfterPlacing } from './delivery';
import { creditedExtraPaymentItem, listExtraPayments } from './extra-payment-repo';
import { orderAccount } from './order-rules';
import { lookUpPlayerName } from './player-names';
import { claimRaisedEventItems, claimSettledEventItem } from './report-events';
import { getOrder } from './repo';
import { requireMoveNow, walletRefundItems } from './service';
import type { PlanOrder } from './types';

/** What a shopper says of a problem with an order. */
export interface ClaimInput {
  reason: ClaimReason;
  message?: string;
  image?: string;
  playerId?: string;
}

/**
 * What a rule does with a new claim, or an operator's action with an open one: the claim as it
 * stands after, the order's write (a move such as a refund, else the claim's mark alone) with the
 * change it makes, the other writes, and what follows once written.
 */
interface ClaimAnswer {
  claim: Claim;
  orderMove?: TransactionItem;
  orderChange?: UpdatePart;
  items?: TransactionItem[];
  after?: (claim: Claim) => Promise<Claim>;
}

/** The order's write of an answer, with `part` (the claim's mark, or its removal) added. */
const orderWriteOf = (answer: ClaimAnswer, part: UpdatePart, now: string) => {
  const write = withUpdatePart(answer.orderMove ?? orderClaimItem(answer.claim, now), part);
  return answer.orderChange ? withUpdatePart(write, answer.orderChange) : write;
};

/**
 * Raises a claim on one of the user's placed orders (another's, or none: 404): the claim, its
 * order marked with it (an open claim already: 409), the rule's settlement where one applies, the
 * operators' alert for one left open, and the claim's report events (opened; settled by rule where
 * the rule closed it), in one transaction. A lost race (the order moved, a code taken, another
 * claim) reads again, and the rule answers what the order is then.
 */
export async function raiseClaim(ownerId: string, orderId: string, input: ClaimInput, clientIp: string): Promise<Claim> {
  const answer = await retrying(
    async () => {
      const order = await getOrder(ownerId, orderId);
      if (!order) throw new NotFound('Order not found');
      if (input.image && !input.image.startsWith(evidencePrefixOf(ownerId)))
        throw new Invalid('The screenshot must be an uploaded picture', { image: 'The screenshot must be an uploaded picture' });
      if (order.openClaimId) throw new Conflict(openAlready);
      const { id: claimId, createdAt } = creationStamp();
      const raised = newClaim({ claimId, orderId, userId: ownerId, ...input, guest: order.guest }, createdAt);
      const answer = await ruleAnswer(order, raised, { ownerId, clientIp }, createdAt);
      try {
        await transact([
          claimPutItem(answer.claim),
          orderWriteOf(answer, claimMarkPart(answer.claim), createdAt),
          ...(answer.items ?? []),
          // A claim a rule settled needs no person: the operators hear of open ones only.
          ...(answer.claim.status === 'open' ? [claimOpenedAlert(answer.claim, createdAt)] : []),
          ...claimRaisedEventItems(answer.claim, createdAt),
        ]);
      } catch (error) {
        if (!(error instanceof TransactionCancelled) || !error.failedAt(1)) throw error;
        const now = await getOrder(ownerId, orderId);
        if (now?.openClaimId) throw new Conflict(openAlready);
        throw error;
      }
      return answer;
    },
    (error) => error instanceof TransactionCancelled,
  );
  return answer.after ? answer.after(answer.claim) : answer.claim;
}

const openAlready = 'This order has an open report already';

/** Who raises a claim (an account, or a guest's partition), for the nickname check of a corrected player ID (limited per owner and address). */
interface Claimant {
  ownerId: string;
  clientIp: string;
}

/** The rule that answers a new claim by its reason, or none (the claim waits for a person). */
async function ruleAnswer(order: PlanOrder, claim: Claim, claimant: Claimant, now: string): Promise<ClaimAnswer> {
  switch (claim.reason) {
    case 'wrong_player_id':
      return claim.playerId && !order.accountType ? correctionAnswer(order, claim, claimant, now) : { claim };
    case 'code_invalid':
      return order.delivery?.mode === 'stock' && order.delivery.code ? codeAnswer(order, claim, now) : { claim };
    case 'paid_twice':
      // A guest has no wallet to credit: a person refunds the payment method.
      if (order.guest) return { claim: settledByRule(claim, 'refused', claimWords.guestRefundByPerson, now) };
      return order.paidFrom === 'gateway' ? secondPaymentAnswer(order, claim, now) : { claim };
    case 'not_received':
      return askSupplierAnswer(order, claim, now);
    default:
      return { claim };
  }
}

/**
 * A wrong player ID, corrected once while the top-up has not gone (`playerIdCorrectable`), the new
 * one checked as the plan's form checks it and by the game's nickname check; otherwise the claim
 * stays open for a person and says why.
 */
async function correctionAnswer(order: PlanOrder, claim: Claim, claimant: Claimant, now: string): Promise<ClaimAnswer> {
  if (!playerIdCorrectable(order))
    return { claim: settledByRule(claim, 'refused', order.playerIdCorrection ? claimWords.correctedOnce : claimWords.playerIdGone, now) };
  const to = await checkedPlayerId(order, claim.playerId!);
  const player = await nicknameOf(order, to, claimant);
  return {
    // The order shows the new player ID; the message names none, so that it reads the same in both languages.
    claim: settledByRule(claim, 'corrected', claimWords.playerIdCorrected, now),
    orderChange: playerIdCorrectionPart(order, { from: order.accountId, to, at: now }, player, true),
  };
}

/** The right player ID as the plan's form checks it (its length and digits): a wrong one is a 400, the form's message. */
async function checkedPlayerId(order: PlanOrder, typed: string): Promise<string> {
  const [planItem] = await batchGet([planKey(order.planId)]);
  return planItem ? orderAccount(planFromItem(planItem), { saccount_id: typed }).accountId : typed.trim();
}

/** The game's nickname check of a corrected player ID: no such player is a 400; a game with no check (or none now) has no name. */
async function nicknameOf(order: PlanOrder, playerId: string, { ownerId, clientIp }: Claimant) {
  try {
    const found = await lookUpPlayerName(ownerId, clientIp, order.masterCategoryId, playerId);
    return { playerName: found.playerName, playerRegion: found.region };
  } catch (error) {
    if (error instanceof NotFound)
      throw new Invalid('No player has this ID: check it and try again', { player_id: 'No player has this ID' });
    if (error instanceof ServiceUnavailable) return undefined;
    throw error;
  }
}

/**
 * A stock code reported invalid: quarantined (never sold again, listed in the inventory) and
 * replaced once by another of the voucher's codes, or, with none left, the order refunded to the
 * wallet; a code replaced once, an order refunded, or an account past its "code invalid" claims
 * (`linkageThresholds`) goes to a person.
 */
async function codeAnswer(order: PlanOrder, claim: Claim, now: string): Promise<ClaimAnswer> {
  if (!codeReplaceable(order))
    return { claim: settledByRule(claim, 'refused', order.codeReplacement ? claimWords.replacedOnce : claimWords.refundedAlready, now) };
  if ((await countCodeClaims(order.userId, codeClaimWindowStart(Date.parse(now)))) >= linkageThresholds.codeClaimsPerWindow)
    return { claim: settledByRule(claim, 'refused', claimWords.codeChecked, now) };
  return codeReplacedOrRefunded(order, claim, now, { once: true, replaced: claimWords.codeReplaced, refunded: claimWords.codeRefunded });
}

/** Quarantines an order's code and replaces it (`once`: the rule's one replacement), else refunds the order to the wallet. */
async function codeReplacedOrRefunded(
  order: PlanOrder,
  claim: Claim,
  now: string,
  options: { once: boolean; replaced: string; refunded: string },
): Promise<ClaimAnswer> {
  const { voucherId, code } = order.delivery as { voucherId: string; code: string };
  const quarantine = quarantineItems(voucherId, code, order.orderId, now);
  const replacement = await codeToClaim(voucherId, new Set());
  if (replacement)
    return {
      claim: settledByRule(claim, 'replaced', options.replaced, now),
      orderChange: codeReplacementPart(
        order,
        replacement.code,
        { maskedFrom: maskCode(code), at: now, claimId: claim.claimId },
        options.once,
      ),
      items: [...quarantine, ...replacement.items],
      after: async (written) => {
        await tellLowStockAfterClaim(voucherId, replacement.stock, now);
        return written;
      },
    };
  // A guest has no wallet: the code stays blocked, and a person refunds the payment method.
  if (order.guest) return { claim: settledByRule(claim, 'refused', claimWords.guestRefundByPerson, now), items: quarantine };
  const [orderMove, ...refund] = await walletRefundItems(order, 'The code was reported invalid and none was left to replace it', now);
  return { claim: settledByRule(claim, 'refunded', options.refunded, now), orderMove, items: [...quarantine, ...refund] };
}

/**
 * A second payment for a gateway order: the ones the settle step recorded and no claim credited
 * yet, in whole taka, credited to the wallet with their ledger entry, each on the condition it is
 * still uncredited (ten claims at once credit it once). None known: a person asks the gateway.
 */
async function secondPaymentAnswer(order: PlanOrder, claim: Claim, now: string): Promise<ClaimAnswer> {
  const found = await listExtraPayments(order.userId, order.orderId);
  const creditable = found.filter((payment) => payment.state === 'unclaimed' && /^\d+(\.0+)?$/.test(payment.amount));
  if (creditable.length === 0) return { claim: settledByRule(claim, 'refused', claimWords.noSecondPayment, now) };
  const total = creditable.reduce((sum, payment) => sum + Number.parseInt(payment.amount, 10), 0);
  const change = changeBalance(await getWallet(order.userId), total, 'refund', order.orderId);
  return {
    claim: settledByRule(claim, 'credited', claimWords.secondPaymentCredited, now),
    items: [
      ...balanceChangeItems(order.userId, change, now),
      ...creditable.map((payment) => creditedExtraPaymentItem(payment, claim.claimId, now)),
    ],
  };
}

/**
 * A top-up not received while the supplier has it (sent, or its answer lost): marked in the order's
 * write so that the delivery job, whose calls leave from the address the supplier allows, asks
 * about it at its next run, the supplier's spacing allowing. The claim stays open for a person.
 */
function askSupplierAnswer(order: PlanOrder, claim: Claim, now: string): ClaimAnswer {
  const state = order.delivery?.state;
  if (order.status !== 'pending' || order.delivery?.mode !== 'supplier' || (state !== 'delivering' && state !== 'unknown'))
    return { claim };
  return {
    claim: settledByRule(claim, 'asked', claimWords.askingSupplier, now),
    orderChange: { set: ['delivery.shopperAskedAt = :askedAt'], values: { ':askedAt': now } },
  };
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
export function closeClaim(claimId: string, message: string | undefined, alsoWrite: TransactionItem[]): Promise<Claim> {
  return actOnClaim(claimId, alsoWrite, async (claim, _order, now) => ({
    claim: closedWith(claim, message ? { from: 'operator', message, at: now } : undefined, now),
  }));
}

/** A claim closed with an optional last message. */
const closedWith = (claim: Claim, last: ClaimMessage | undefined, now: string): Claim => ({
  ...claim,
  status: 'closed',
  closedAt: now,
  thread: last ? [...claim.thread, last] : claim.thread,
});

/** The last message of a claim an operator's action closed (the shop's words, which the web translates). */
const lastWord = (claim: Claim): ClaimMessage | undefined => (claim.status === 'closed' ? claim.thread.at(-1) : undefined);

/**
 * An operator's action on an open claim's order, once: the action's writes, the claim closed with
 * its last word (told to the shopper) and its mark taken off the order, its report event (settled
 * by hand) and `alsoWrite` (the audit entry), in one transaction. A closed claim, or an order that
 * moved so that the action no longer applies, is a 409 after reading again.
 */
function actOnClaim(
  claimId: string,
  alsoWrite: TransactionItem[],
  action: (claim: Claim, order: PlanOrder, now: string) => Promise<ClaimAnswer>,
): Promise<Claim> {
  return retrying(
    async () => {
      const claim = await claimById(claimId);
      if (claim.status !== 'open') throw new Conflict('This report is closed already');
      const order = await getOrder(claim.userId, claim.orderId);
      if (!order) throw new NotFound('Order not found');
      const now = new Date().toISOString();
      const answer = await action(claim, order, now);
      const last = lastWord(answer.claim);
      try {
        await transact([
          closeClaimItem(claim, now, last),
          orderWriteOf(answer, claimClosedPart(claim), now),
          ...(answer.items ?? []),
          claimReplyNotice(claim, last?.message ?? '', true, now),
          claimSettledEventItem(claim, 'settled_by_hand', now),
          ...alsoWrite,
        ]);
      } catch (error) {
        if (error instanceof TransactionCancelled && error.failedAt(0)) throw new Conflict('This report is closed already');
        throw error;
      }
      return answer.after ? answer.after(answer.claim) : answer.claim;
    },
    (error) => error instanceof TransactionCancelled,
  );
}

/** An operator refunds a claim's order to the wallet and closes the claim, once; an order refunded already: 409. */
export const refundClaimToWallet = (claimId: string, alsoWrite: TransactionItem[]) =>
  actOnClaim(claimId, alsoWrite, async (claim, order, now) => {
    // Refused for what an operator's refund of the order itself is (refunded already, a delivery or a refund under way), in the same words.
    requireMoveNow(order, 'refund');
    const [orderMove, ...refund] = await walletRefundItems(order, 'Refunded after your report', now);
    return { claim: closedWith(claim, { from: 'shop', message: claimWords.operatorRefunded, at: now }, now), orderMove, items: refund };
  });

/** An operator replaces a claim's stock code (again, if need be) and closes the claim; the old code is quarantined; none left: 409. */
export const replaceClaimCode = (claimId: string, alsoWrite: TransactionItem[]) =>
  actOnClaim(claimId, alsoWrite, async (claim, order, now) => {
    if (order.status !== 'completed' || order.delivery?.mode !== 'stock' || !order.delivery.code)
      throw new Conflict('This order has no code delivered from stock to replace');
    const answer = await codeReplacedOrRefunded(order, claim, now, {
      once: false,
      replaced: claimWords.operatorReplaced,
      refunded: claimWords.operatorRefunded,
    });
    if (answer.claim.outcome !== 'replaced') throw new Conflict('No code is left in stock to replace it: refund the order instead');
    return { ...answer, claim: closedWith(claim, lastWord(answer.claim), now) };
  });

/**
 * An operator corrects a claim's player ID (again, if need be) while the top-up has not gone, and
 * closes the claim; a delivery that fell back to the queue is delivered again.
 */
export const correctClaimPlayerId = (claimId: string, playerId: string, alsoWrite: TransactionItem[]) =>
  actOnClaim(claimId, alsoWrite, async (claim, order, now) => {
    if (order.accountType || order.status !== 'pending' || !playerIdCorrectable({ ...order, playerIdCorrection: undefined }))
      throw new Conflict('The top-up has gone already, or the order is closed: the player ID cannot be corrected');
    const to = await checkedPlayerId(order, playerId);
    return {
      claim: closedWith(claim, { from: 'shop', message: claimWords.operatorCorrected, at: now }, now),
      orderChange: playerIdCorrectionPart(order, { from: order.accountId, to, at: now }, undefined, false),
      after: async (closed) => {
        const corrected = await getOrder(order.userId, order.orderId);
        if (corrected) await startDeliveryAfterPlacing(corrected);
        return closed;
      },
    };
  });
