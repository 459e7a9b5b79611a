import type { OrderRow, WireStatus } from '../contract/wire';
import type { OrderStatus, PlanOrder } from './repo';

/** An order's status on the wire: "0" pending, "1" completed, "2" refunded. */
export const orderWireStatus: Record<OrderStatus, WireStatus> = { pending: '0', completed: '1', refunded: '2' };

/** The contract's order row; the game-account secrets never leave the server. */
export const orderView = (order: PlanOrder): OrderRow => ({
  order_id: order.orderId,
  created_at: order.createdAt,
  status: orderWireStatus[order.status],
  paid_amount: order.price,
  plan_name: order.planName,
  saccount_id: order.accountId,
  remark: order.remark,
});
