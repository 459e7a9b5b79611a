import type { OrderDetail, OrderRow, RecentPlayerId, WireStatus } from '../contract/wire';
import type { OrderStatus, PendingOrder, PlanOrder } from './repo';

/** An order's status on the wire: "0" pending, "1" completed, "2" refunded. */
export const orderWireStatus: Record<OrderStatus, WireStatus> = { pending: '0', completed: '1', refunded: '2' };

/**
 * The contract's order row; the game-account secrets never leave the server. `gatewayPayment` is
 * the payment of a gateway order not placed yet: waiting (with its link) or cancelled.
 */
export const orderView = (order: PlanOrder, gatewayPayment?: PendingOrder): OrderRow => {
  const awaiting = gatewayPayment?.paymentStatus === 'pending' ? gatewayPayment : undefined;
  return {
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
    payment_cancelled: gatewayPayment?.paymentStatus === 'cancelled',
    payment_url: awaiting?.paymentUrl ?? '',
    invoice_id: awaiting?.invoiceId ?? '',
  };
};

/** The shopper's order page: the row and what happened when. */
export function orderDetailView(order: PlanOrder, gatewayPayment?: PendingOrder): OrderDetail {
  const timeline: OrderDetail['timeline'] = [{ status: 'placed', at: order.createdAt, remark: '' }];
  if (gatewayPayment?.paymentStatus === 'pending') timeline.push({ status: 'awaiting_payment', at: order.createdAt, remark: '' });
  else if (gatewayPayment?.paymentStatus === 'cancelled') timeline.push({ status: 'payment_cancelled', at: gatewayPayment.settledAt ?? order.createdAt, remark: gatewayPayment.cancelReason ?? '' });
  else timeline.push({ status: 'paid', at: order.paidAt ?? order.createdAt, remark: order.paidFrom === 'wallet' ? 'From the wallet' : 'Through the payment gateway' });
  if (order.completedAt) timeline.push({ status: 'completed', at: order.completedAt, remark: order.status === 'completed' ? order.remark : '' });
  if (order.refundedAt) timeline.push({ status: 'refunded', at: order.refundedAt, remark: order.remark });
  return { ...orderView(order, gatewayPayment), timeline };
}

/** A recent player ID on the wire. */
export const recentPlayerIdView = (entry: { playerId: string; lastUsed: string }): RecentPlayerId => ({ player_id: entry.playerId, last_used: entry.lastUsed });
