import type { OrderDetail, OrderRow, RecentPlayerId, WireStatus } from '../contract/wire';
import type { OrderStatus, PendingOrder, PlanOrder } from './repo';

/** An order's status on the wire: "0" pending, "1" completed, "2" refunded. */
export const orderWireStatus: Record<OrderStatus, WireStatus> = { pending: '0', completed: '1', refunded: '2' };

/** The contract's order row; the game-account secrets never leave the server. */
export const orderView = (order: PlanOrder, awaiting?: PendingOrder): OrderRow => ({
  order_id: order.orderId,
  created_at: order.createdAt,
  status: orderWireStatus[order.status],
  paid_amount: order.price,
  plan_name: order.planName,
  saccount_id: order.accountId,
  remark: order.remark,
  game: order.gameName ?? '',
  paid_by: order.paidFrom,
  awaiting_payment: awaiting !== undefined,
  payment_url: awaiting?.paymentUrl ?? '',
  invoice_id: awaiting?.invoiceId ?? '',
});

/** A gateway order still waiting for its payment, as an order row. */
export const awaitingOrderView = (pending: PendingOrder): OrderRow => orderView(pending.order, pending);

/** The shopper's order page: the row and what happened when. */
export function orderDetailView(order: PlanOrder, awaiting?: PendingOrder): OrderDetail {
  const timeline: OrderDetail['timeline'] = [{ status: 'placed', at: order.createdAt, remark: '' }];
  if (awaiting) timeline.push({ status: 'awaiting_payment', at: order.createdAt, remark: '' });
  else timeline.push({ status: 'paid', at: order.paidAt ?? order.createdAt, remark: order.paidFrom === 'wallet' ? 'From the wallet' : 'Through the payment gateway' });
  if (order.completedAt) timeline.push({ status: 'completed', at: order.completedAt, remark: order.status === 'completed' ? order.remark : '' });
  if (order.refundedAt) timeline.push({ status: 'refunded', at: order.refundedAt, remark: order.remark });
  return { ...orderView(order, awaiting), timeline };
}

/** A recent player ID on the wire. */
export const recentPlayerIdView = (entry: { playerId: string; lastUsed: string }): RecentPlayerId => ({ player_id: entry.playerId, last_used: entry.lastUsed });
