import { paths } from '../../config/paths';
import type { PlanOrder } from './api/get-orders';

/** A top-up the shopper can buy again: one that was placed (paid), not one waiting for or cancelled at its payment. */
export const canBuyAgain = (order: Pick<PlanOrder, 'awaiting_payment' | 'payment_cancelled' | 'game_id' | 'plan_id'>) =>
  !order.awaiting_payment && !order.payment_cancelled && Boolean(order.game_id && order.plan_id);

/**
 * The game page with its order form filled as this order was: the plan group (by name), the pack,
 * the payment mode and, for a player-ID top-up, the player ID. A game-account login is typed again.
 */
export function buyAgainPath(order: Pick<PlanOrder, 'game_id' | 'plan_id' | 'group_name' | 'paid_by' | 'by_player_id' | 'saccount_id'>) {
  const search = new URLSearchParams({ plan: order.plan_id, mode: order.paid_by });
  if (order.group_name) search.set('groupName', order.group_name);
  if (order.by_player_id && order.saccount_id) search.set('player', order.saccount_id);
  return `${paths.category(order.game_id)}?${search.toString()}`;
}
