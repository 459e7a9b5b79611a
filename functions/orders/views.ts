import type {
  ClaimRow,
  DeliveryState,
  GuestCheckoutAnswer,
  OrderDelivery,
  OrderDetail,
  OrderRow,
  PlayerLookup,
  RaisedClaim,
  RecentPlayerId,
  WireStatus,
} from '../contract/wire';
import { siteUrl } from '../shared/config';
import { type Claim, claimOutcomeMessages } from './claim-rules';
import { orderLinkPath } from './guests';
import { isHeld, reviewMinutesOf } from '../risk/holds';
import type { OrderStatus, PendingOrder, PlanOrder } from './types';
import type { PendingCodeOrder } from '../vouchers/pending-codes';
import type { VoucherOrder } from '../vouchers/repo';

/** The message of a guest checkout started: what the shopper does next. */
export const guestCheckoutMessage = 'Complete the payment to place your order';

/** A guest checkout started (a top-up or codes): the gateway's payment link, and the order's secret link. */
export const guestCheckoutView = (started: { paymentUrl: string; orderId: string }, token: string): GuestCheckoutAnswer => ({
  status: 1,
  payment_url: started.paymentUrl,
  message: guestCheckoutMessage,
  id: started.orderId,
  order_link: `${siteUrl()}${orderLinkPath(token)}`,
});

/** An order's status on the wire: "0" pending, "1" completed, "2" refunded. */
export const orderWireStatus: Record<OrderStatus, WireStatus> = { pending: '0', completed: '1', refunded: '2' };

/**
 * Where an order's delivery stands on the wire: a closed order by its status (an operator's hand
 * counts as delivered or failed too), an open one by its automatic delivery, else waiting.
 */
function wireDeliveryState(order: PlanOrder): DeliveryState {
  if (order.status === 'completed') return 'delivered';
  const state = order.delivery?.state;
  // `failed` is a delivery that failed and was refunded to the wallet; an order refunded by an
  // operator (perhaps to bKash) was never delivered, and its status says the rest.
  if (order.status === 'refunded') return state === 'failed' ? 'failed' : 'waiting';
  if (isHeld(order)) return 'checking';
  if (state === 'queued' || state === 'delivering') return 'delivering';
  return state === 'unknown' ? 'unknown' : 'waiting';
}

/** An order's delivery as the shopper sees it; `code` is a stock order's code, unsealed by the caller. */
export const deliveryView = (order: PlanOrder, code = ''): OrderDelivery => ({
  mode: order.delivery?.mode ?? 'manual',
  state: wireDeliveryState(order),
  player_name: order.playerName ?? '',
  code,
  checking_minutes: isHeld(order) ? reviewMinutesOf(order.hold!) : 0,
});

/**
 * The contract's order row; the game-account secrets never leave the server. `gatewayPayment` is
 * the payment of a gateway order not placed yet: waiting (with its link) or cancelled.
 */
export const orderView = (order: PlanOrder, gatewayPayment?: PendingOrder, code = ''): OrderRow => {
  const awaiting = gatewayPayment?.paymentStatus === 'pending' ? gatewayPayment : undefined;
  const credited = gatewayPayment?.paymentStatus === 'credited';
  return {
    order_id: order.orderId,
    created_at: order.createdAt,
    status: credited ? orderWireStatus.refunded : orderWireStatus[order.status],
    paid_amount: order.price,
    discount: order.discount ?? 0,
    coupan_code: order.coupanCode ?? '',
    plan_name: order.planName,
    saccount_id: order.accountId,
    remark: credited ? lateCreditRemark(order) : order.remark,
    game: order.gameName ?? '',
    game_id: order.masterCategoryId,
    plan_id: order.planId,
    group_name: order.groupName,
    by_player_id: !order.accountType,
    paid_by: order.paidFrom,
    awaiting_payment: awaiting !== undefined,
    payment_confirming: Boolean(awaiting?.invoiceId),
    payment_cancelled: gatewayPayment?.paymentStatus === 'cancelled',
    payment_url: awaiting?.paymentUrl ?? '',
    invoice_id: gatewayPayment?.invoiceId ?? order.invoiceId ?? '',
    transaction_id: (gatewayPayment?.receipt ?? order.receipt)?.transactionId ?? '',
    delivery: deliveryView(order, code),
  };
};

/** Where a refund through the gateway went, with the payment's transaction id to find it in the provider's app. */
const refundedToMethod = (order: PlanOrder) =>
  `Refunded to your ${order.receipt?.paymentMethod || 'payment method'} (transaction ${order.receipt?.transactionId ?? ''})`;

/** What the shopper reads of an order paid after it had been cancelled. */
const lateCreditRemark = (order: PlanOrder) =>
  order.guest
    ? `Paid after the order was cancelled: an operator will refund ৳${order.price} to your payment method`
    : `Paid after the order was cancelled: ৳${order.price} was added to your wallet instead`;

/** The shopper's order page: the row and what happened when; `code` is a stock order's code. */
export function orderDetailView(order: PlanOrder, gatewayPayment?: PendingOrder, code = '', claim?: Claim): OrderDetail {
  const timeline: OrderDetail['timeline'] = [{ status: 'placed', at: order.createdAt, remark: '' }];
  if (gatewayPayment?.paymentStatus === 'pending') {
    const confirming = gatewayPayment.invoiceId ? 'The payment provider is confirming your payment' : '';
    timeline.push({ status: 'awaiting_payment', at: order.createdAt, remark: confirming });
  } else if (gatewayPayment?.paymentStatus === 'cancelled') {
    timeline.push({
      status: 'payment_cancelled',
      at: gatewayPayment.settledAt ?? order.createdAt,
      remark: gatewayPayment.cancelReason ?? '',
    });
  } else if (gatewayPayment?.paymentStatus === 'credited') {
    const at = gatewayPayment.settledAt ?? order.createdAt;
    timeline.push(
      { status: 'payment_cancelled', at: gatewayPayment.createdAt, remark: gatewayPayment.cancelReason ?? '' },
      { status: 'paid', at, remark: 'Through the payment gateway, after the order was cancelled' },
      { status: 'refunded', at, remark: lateCreditRemark(order) },
    );
  } else
    timeline.push({
      status: 'paid',
      at: order.paidAt ?? order.createdAt,
      remark: order.paidFrom === 'wallet' ? 'From the wallet' : 'Through the payment gateway',
    });
  const delivery = order.delivery;
  if (delivery?.sentAt) timeline.push({ status: 'delivering', at: delivery.sentAt, remark: 'Sent to the game' });
  if (delivery?.state === 'delivered' && order.completedAt)
    timeline.push({ status: 'delivered', at: order.completedAt, remark: delivery.mode === 'stock' ? 'Your code is below' : '' });
  else if (delivery?.state === 'failed' && order.refundedAt)
    timeline.push({ status: 'delivery_failed', at: order.refundedAt, remark: delivery.reason ?? '' });
  else if (order.completedAt)
    timeline.push({ status: 'completed', at: order.completedAt, remark: order.status === 'completed' ? order.remark : '' });
  if (order.refundedAt)
    timeline.push({
      status: 'refunded',
      at: order.refundedAt,
      remark: order.gatewayRefund?.state === 'done' ? `${order.remark} · ${refundedToMethod(order)}` : order.remark,
    });
  return { ...orderView(order, gatewayPayment, code), timeline, claim: claim ? claimView(claim) : null, codes: [] };
}

/**
 * A guest's code order as the order page answers it: its checkout (`pending`, with the codes
 * reserved) and, once paid, the order placed with them (`placed`), whose codes it shows. The
 * voucher's name stands as the plan's, its total as the amount paid; no player, no game account.
 */
export function codeOrderDetailView(pending: PendingCodeOrder, placed: VoucherOrder | undefined): OrderDetail {
  const { order } = pending;
  const credited = pending.paymentStatus === 'credited';
  const awaiting = pending.paymentStatus === 'pending';
  const cancelled = pending.paymentStatus === 'cancelled';
  const settledAt = pending.settledAt ?? pending.createdAt;
  const remark = credited ? `Paid after the order was cancelled: an operator will refund ৳${pending.total} to your payment method` : '';
  const timeline: OrderDetail['timeline'] = [{ status: 'placed', at: pending.createdAt, remark: '' }];
  if (awaiting)
    timeline.push({
      status: 'awaiting_payment',
      at: pending.createdAt,
      remark: pending.invoiceId ? 'The payment provider is confirming your payment' : '',
    });
  else if (cancelled) timeline.push({ status: 'payment_cancelled', at: settledAt, remark: pending.cancelReason ?? '' });
  else if (credited)
    timeline.push(
      { status: 'payment_cancelled', at: pending.createdAt, remark: pending.cancelReason ?? '' },
      { status: 'paid', at: settledAt, remark: 'Through the payment gateway, after the order was cancelled' },
      { status: 'refunded', at: settledAt, remark },
    );
  else if (placed)
    timeline.push(
      { status: 'paid', at: settledAt, remark: 'Through the payment gateway' },
      { status: 'delivered', at: settledAt, remark: 'Your codes are below' },
    );
  return {
    order_id: order.orderId,
    created_at: order.createdAt,
    status: placed ? orderWireStatus.completed : credited ? orderWireStatus.refunded : orderWireStatus.pending,
    paid_amount: pending.total,
    discount: order.discount ?? 0,
    coupan_code: order.coupanCode ?? '',
    plan_name: order.voucherName,
    saccount_id: '',
    remark,
    game: '',
    game_id: '',
    plan_id: '',
    group_name: '',
    by_player_id: false,
    paid_by: 'gateway',
    awaiting_payment: awaiting,
    payment_confirming: awaiting && Boolean(pending.invoiceId),
    payment_cancelled: cancelled,
    payment_url: awaiting ? pending.paymentUrl : '',
    invoice_id: pending.invoiceId ?? '',
    transaction_id: pending.receipt?.transactionId ?? '',
    delivery: {
      mode: 'stock',
      state: placed ? 'delivered' : 'waiting',
      player_name: '',
      code: '',
      checking_minutes: 0,
    },
    timeline,
    claim: null,
    codes: placed?.codes ?? [],
  };
}

/** A claim on the wire. */
export const claimView = (claim: Claim): ClaimRow => ({
  claim_id: claim.claimId,
  order_id: claim.orderId,
  status: claim.status,
  reason: claim.reason,
  player_id: claim.playerId ?? '',
  created_at: claim.createdAt,
  closed_at: claim.closedAt ?? null,
  thread: claim.thread.map((message) => ({ from: message.from, message: message.message, image: message.image ?? '', at: message.at })),
});

/** A new claim on the wire, with the message of what a rule did with it. */
export function raisedClaimView(claim: Claim): { raised: RaisedClaim; message: string } {
  const raised: RaisedClaim = { ...claimView(claim), outcome: claim.outcome ?? 'waiting' };
  return { raised, message: claimOutcomeMessages[raised.outcome] };
}

/** A recent player ID on the wire. */
export const recentPlayerIdView = (entry: { playerId: string; lastUsed: string }): RecentPlayerId => ({
  player_id: entry.playerId,
  last_used: entry.lastUsed,
});

/** A nickname check on the wire. */
export const playerLookupView = (player: { playerName: string; region: string }): PlayerLookup => ({
  player_name: player.playerName,
  region: player.region,
});
