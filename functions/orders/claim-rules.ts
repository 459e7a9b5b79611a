/**
 * Claims ("Report a problem", issue 41), pure: what a shopper reports about an order, the thread
 * with the operators, and where a claim stands. One open claim per order; a closed one may be
 * followed by another.
 */
import type { claimReasons } from '../contract/orders';
import type { PlanOrder } from './types';

export type ClaimReason = (typeof claimReasons)[number];

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
  /** What a rule did at once: corrected the player ID (closed), or refused to (open, for a person); none: a person answers. */
  outcome?: 'corrected' | 'refused';
  thread: ClaimMessage[];
  createdAt: string;
  closedAt?: string;
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

/** A claim a rule settled or answered at once: the shop's message in its thread, and where it stands after. */
export function settledByRule(claim: Claim, outcome: 'corrected' | 'refused', words: string, now: string): Claim {
  return {
    ...claim,
    outcome,
    ...(outcome === 'corrected' ? { status: 'closed' as const, closedAt: now } : {}),
    thread: [...claim.thread, { from: 'shop', message: words, at: now }],
  };
}

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
  input: { claimId: string; orderId: string; userId: string; reason: ClaimReason; message?: string; image?: string; playerId?: string },
  now: string,
): Claim {
  return {
    claimId: input.claimId,
    orderId: input.orderId,
    userId: input.userId,
    reason: input.reason,
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

/** How long a claim has been open, in whole minutes (the operators' queue shows its age). */
export const claimAgeMinutes = (claim: Pick<Claim, 'createdAt'>, now: number) =>
  Math.max(0, Math.floor((now - Date.parse(claim.createdAt)) / 60_000));
