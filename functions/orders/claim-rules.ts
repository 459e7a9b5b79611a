/**
 * Claims ("Report a problem", issue 41), pure: what a shopper reports about an order, the thread
 * with the operators, and where a claim stands. One open claim per order; a closed one may be
 * followed by another.
 */
import type { claimReasons } from '../contract/orders';

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
  thread: ClaimMessage[];
  createdAt: string;
  closedAt?: string;
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
