/**
 * Claims ("Report a problem", issue 41), pure: what a shopper reports about an order, the thread
 * with the operators, and where a claim stands. One open claim per order; a closed one may be
 * followed by another.
 */
import type { claimReasons } from '../contract/orders';
import type { PlanOrder } from './types';

export type ClaimReason = (typeof claimReasons)[number];

export type ClaimOutcome = 'corrected' | 'replaced' | 'refunded' | 'credited' | 'asked' | 'refused';

/** One message of a claim's thread: the shopper's, an operator's, or the shop's own (a rule's outcome). */
export interface ClaimMessage {
  from: 'shopper' | 'operator' | 'shop';
  message: string;
  /** An uploaded screenshot's path (the shopper's first message). */
  image?: string;
  at: string;
}

export interface Claim {
  claimId: string;
  orderId: string;
  userId: string;
  reason: ClaimReason;
  /** For `wrong_player_id`: the player ID the shopper says is right. */
  playerId?: string;
  status: 'open' | 'closed';
  /**
   * What a rule did at once: corrected the player ID, replaced a code, refunded it, credited a
   * second payment (each closes the claim); asked the supplier again, or refused and said why (open,
   * for a person). None: a person answers.
   */
  outcome?: ClaimOutcome;
  thread: ClaimMessage[];
  createdAt: string;
  closedAt?: string;
  /** A guest's order's claim: the contact its replies go to (a guest has no account to tell). */
  guest?: PlanOrder['guest'];
}

/**
 * Whether a claim may correct an order's player ID: a top-up by player ID, still waiting, whose
 * delivery has not started (none yet, queued, held or in the operators' queue), corrected never
 * before. The order's own conditional write holds the same (./claim-repo.ts).
 */
export const playerIdCorrectable = (order: Pick<PlanOrder, 'accountType' | 'status' | 'delivery' | 'playerIdCorrection'>) =>
  !order.accountType &&
  order.status === 'pending' &&
  !order.playerIdCorrection &&
  (!order.delivery || correctableDeliveryStates.includes(order.delivery.state as (typeof correctableDeliveryStates)[number]));

/** The delivery states before anything went to a supplier or took a code. */
export const correctableDeliveryStates = ['queued', 'held', 'manual'] as const;

/**
 * A claim a rule answered at once: the shop's message in its thread, and closed when the rule
 * settled it (all but `refused` and `asked`).
 */
export function settledByRule(claim: Claim, outcome: ClaimOutcome, words: string, now: string): Claim {
  const closes = outcome !== 'refused' && outcome !== 'asked';
  return {
    ...claim,
    outcome,
    ...(closes ? { status: 'closed' as const, closedAt: now } : {}),
    thread: [...claim.thread, { from: 'shop', message: words, at: now }],
  };
}

/**
 * Whether a claim may replace an order's code: a top-up delivered from stock, with its code,
 * still completed (not refunded), replaced never before. The order's own write holds the same.
 */
export const codeReplaceable = (order: Pick<PlanOrder, 'status' | 'delivery' | 'codeReplacement'>) =>
  order.status === 'completed' && order.delivery?.mode === 'stock' && !!order.delivery.code && !order.codeReplacement;

/** Where a shopper's screenshots are kept: a claim may carry only its own shopper's. */
export const evidencePrefixOf = (userId: string) => `evidence/${userId}/`;

/** The most messages one thread keeps (an item stays far below DynamoDB's 400 KB). */
export const maxThreadMessages = 50;

/** What the shopper's first message says when they wrote nothing: the reason in the operators' words. */
const reasonWords: Record<ClaimReason, string> = {
  not_received: 'Not received',
  code_invalid: 'The code is invalid or already used',
  wrong_player_id: 'Wrong player ID',
  paid_twice: 'Paid twice',
  other: 'Other',
};

/** The claim a shopper raises, with its first message (their words, or the reason's). */
export function newClaim(
  input: {
    claimId: string;
    orderId: string;
    userId: string;
    reason: ClaimReason;
    message?: string;
    image?: string;
    playerId?: string;
    guest?: Claim['guest'];
  },
  now: string,
): Claim {
  return {
    claimId: input.claimId,
    orderId: input.orderId,
    userId: input.userId,
    reason: input.reason,
    ...(input.guest ? { guest: input.guest } : {}),
    ...(input.reason === 'wrong_player_id' && input.playerId ? { playerId: input.playerId } : {}),
    status: 'open',
    thread: [
      {
        from: 'shopper',
        message: input.message || reasonWords[input.reason],
        ...(input.image ? { image: input.image } : {}),
        at: now,
      },
    ],
    createdAt: now,
  };
}

/** Whether an open claim has waited longer than the minutes promised for an answer. */
export const claimOverdue = (claim: Pick<Claim, 'status' | 'createdAt'>, answerWithinMinutes: number, now: number) =>
  claim.status === 'open' && now - Date.parse(claim.createdAt) >= answerWithinMinutes * 60_000;

/** How long a claim has been open, in whole minutes (the operators' queue shows its age). */
export const claimAgeMinutes = (claim: Pick<Claim, 'createdAt'>, now: number) =>
  Math.max(0, Math.floor((now - Date.parse(claim.createdAt)) / 60_000));

/** The shop's words in a claim's thread (the web shows them in the shopper's language: web/src/lib/server-messages). */
/** The answer's message for what a rule did with a new claim (the thread says more). */
export const claimOutcomeMessages: Record<ClaimOutcome | 'waiting', string> = {
  corrected: 'Player ID corrected: your top-up goes there',
  replaced: 'Your code was replaced',
  refunded: 'The price is back in your wallet',
  credited: 'Your second payment is in your wallet',
  asked: 'We asked the supplier about your top-up',
  refused: 'Thanks: we have your report and will answer here',
  waiting: 'Thanks: we have your report and will answer here',
};

export const claimWords = {
  playerIdCorrected: 'Player ID corrected: your top-up goes to the player ID you gave now.',
  correctedOnce: "This order's player ID was corrected once already; an operator will answer here.",
  playerIdGone: 'The top-up had already gone to the player ID you entered, so it cannot be changed here; an operator will answer here.',
  codeReplaced: 'The code you reported is blocked, and a new code is on this page.',
  codeRefunded: 'The code you reported is blocked. No new code was in stock, so the price is back in your wallet.',
  replacedOnce: "This order's code was replaced once already; an operator will answer here.",
  refundedAlready: 'This order was refunded already; an operator will answer here.',
  codeChecked: 'An operator will check this code and answer here.',
  noSecondPayment: 'We have not seen a second payment for this order yet; an operator will check with the gateway and answer here.',
  secondPaymentCredited: 'We found your second payment for this order: it is in your wallet now.',
  guestRefundByPerson: 'An operator will refund this to the payment method you paid with and answer here.',
  askingSupplier: 'We are asking the supplier about your top-up now. You will be told as soon as it arrives; an operator will look too.',
  operatorReplaced: 'An operator replaced your code: the new one is on this page.',
  operatorRefunded: 'An operator refunded this order to your wallet.',
  operatorRefundedToMethod: 'An operator refunded this order to your payment method.',
  operatorCorrected: 'An operator corrected the player ID: your top-up goes there now.',
} as const;
