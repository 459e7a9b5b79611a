import { accountTypes, isPlayerIdGroup, type OrderAccountFields, orderAccountProblems } from '../contract/rules';
import type { Plan } from '../catalog/repo';
import { Invalid } from '../shared/errors';
import { isOpen } from './delivery-rules';
import type { GatewayRefund, OrderStatus, PlanOrder } from './types';

/** What an order records of the game account, with the secrets apart so they can be sealed. */
export interface OrderAccount {
  accountType: string;
  accountId: string;
  secret?: { password: string; backupCode: string };
}

/**
 * The order form's rules (spec §5) for a plan, with its messages (the first problem is the 400's
 * message): a player-ID group needs the player ID, of its game's format when it states one; any
 * other an account type, an email or ID and a password, the backup code being optional.
 */
export function orderAccount(plan: Pick<Plan, 'groupName' | 'playerIdFormat'>, input: OrderAccountFields): OrderAccount {
  const playerIdGroup = isPlayerIdGroup(plan.groupName);
  const format = plan.playerIdFormat && { min_digits: plan.playerIdFormat.minDigits, max_digits: plan.playerIdFormat.maxDigits };
  const problems = orderAccountProblems(playerIdGroup, input, format);
  const first = Object.values(problems)[0];
  if (first) throw new Invalid(first, problems);
  const accountId = input.saccount_id!.trim();
  if (playerIdGroup) return { accountType: '', accountId };
  return {
    accountType: accountTypes.find((type) => type.toLowerCase() === input.saccount_type!.trim().toLowerCase())!,
    accountId,
    secret: { password: input.saccount_password!, backupCode: input.backup_code?.trim() ?? '' },
  };
}

/** What an operator does to a placed order. */
export type OrderMove = 'complete' | 'refund';

/** Where a move takes an order, or why it is refused (the 409's message). */
export type MoveOutcome = { status: Exclude<OrderStatus, 'pending'> } | { refused: string };

/**
 * An order's lifecycle: complete from pending only; refund from pending or completed; never
 * twice. A refused move says where the order already is.
 */
export function nextStatus(current: OrderStatus, move: OrderMove): MoveOutcome {
  if (current === 'refunded') return { refused: 'Order is already refunded' };
  if (move === 'refund') return { status: 'refunded' };
  return current === 'completed' ? { refused: 'Order is already completed' } : { status: 'completed' };
}

type MoveFacts = Pick<PlanOrder, 'status' | 'delivery' | 'gatewayRefund' | 'hold'>;

/**
 * Why no move may go while a refund to the payment method is being sent, got no answer, or was
 * refused (the gateway's panel may show it refunded all the same): a person records what the
 * panel shows first. Undefined when none is in the way.
 */
export function refundInTheWay(order: MoveFacts): string | undefined {
  const refund = order.gatewayRefund;
  if (refund?.state === 'sending' && !lostItsSender(refund)) return 'A refund of this order to the payment method is being sent';
  if (!refundAwaitsPerson(refund)) return undefined;
  return refund!.state === 'refused'
    ? "A refund of this order to the payment method was refused: check the gateway's panel and record what it shows first"
    : "A refund of this order to the payment method got no answer: check the gateway's panel and record what it shows first";
}

/** Why a refund must wait: the order's automatic delivery is still open, and its outcome may yet deliver or refund it. */
export function deliveryInTheWay(order: MoveFacts): string | undefined {
  return order.status === 'pending' && order.delivery && isOpen(order.delivery.state)
    ? 'The automatic delivery of this order is still under way: wait for its outcome, or take the delivery over first'
    : undefined;
}

/**
 * What else decides whether an operator's move may go now, beside the status (`nextStatus`): one
 * owner of an order's money at a time. Answers the 409's message, or undefined. The table's
 * conditions (orders/repo.ts) hold the same rules against racing writers.
 */
export const moveBlocked = (order: MoveFacts, move: OrderMove): string | undefined =>
  refundInTheWay(order) ??
  (move === 'refund'
    ? deliveryInTheWay(order)
    : order.hold?.state === 'held'
      ? 'This order is held for review: release it from the review queue first'
      : undefined);

/**
 * How long a refund may stay `sending`: well past the longest function that sends one (10 s), so
 * an attempt still sending has lost its sender (the function died mid-call) and counts as unanswered.
 */
const sendingExpiresMs = 60_000;

/** Whether a refund attempt is still `sending` long after its sender must have ended. */
export const lostItsSender = (refund: GatewayRefund, at = Date.now()) =>
  refund.state === 'sending' && at - Date.parse(refund.at) >= sendingExpiresMs;

/**
 * Whether a refund attempt waits for a person to record what the gateway's panel shows: unanswered,
 * refused (the panel may show it refunded all the same), or still sending long after its sender died.
 */
export const refundAwaitsPerson = (refund: GatewayRefund | undefined, at = Date.now()): boolean =>
  refund !== undefined && (refund.state === 'unknown' || refund.state === 'refused' || lostItsSender(refund, at));

/**
 * Why an operator's move must not go on what they saw: the order moved since (an automatic
 * delivery delivered or refunded it meanwhile). Undefined when it is as they saw it, or they named nothing.
 */
export function movedSinceSeen(order: Pick<PlanOrder, 'status'>, seen: OrderStatus | undefined): string | undefined {
  if (!seen || order.status === seen) return undefined;
  return order.status === 'completed'
    ? 'This order was delivered meanwhile: read it again before refunding'
    : order.status === 'refunded'
      ? 'Order is already refunded'
      : 'This order changed meanwhile: read it again';
}
