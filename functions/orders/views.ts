import type { PlanOrder } from './repo';

/** The contract's order row; the game-account secrets never leave the server. */
export const orderView = (order: PlanOrder) => ({
  order_id: order.orderId,
  created_at: order.createdAt,
  status: order.status,
  paid_amount: order.price,
  plan_name: order.planName,
  saccount_id: order.accountId,
  remark: order.remark,
});
