import { accountTypes, isPlayerIdGroup, type OrderAccountFields, orderAccountProblems } from '../contract/rules';
import type { Plan } from '../catalog/repo';
import { Invalid } from '../shared/errors';
import type { OrderStatus } from './repo';

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
