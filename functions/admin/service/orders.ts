import { auditEntry, auditItem } from '../../audit/repo';
import { refundThroughGateway } from '../../payments/refunds';
import { type OrderStatus, type PlanOrder, findOrder, listOrdersByStatus } from '../../orders/repo';
import { deliveredCode } from '../../orders/delivery';
import * as orders from '../../orders/service';
import type { Page, PageRequest } from '../../shared/cursor';
import { Conflict, NotFound } from '../../shared/errors';
import { unseal } from '../../shared/sealed';
import { transact } from '../../shared/transactions';
import type { ActiveUser } from '../../users/active-user';

/**
 * A page of the orders of one status: pending ones oldest first (the queue operators work), the
 * others newest first, unless the operator asks for the other order.
 */
export function ordersOf(status: OrderStatus, sort: 'oldest' | 'newest' | undefined, page: PageRequest): Promise<Page<PlanOrder>> {
  const oldestFirst = sort ? sort === 'oldest' : status === 'pending';
  return listOrdersByStatus(status, oldestFirst, page);
}

/** An order by its id, or a 404. */
export async function orderById(orderId: string): Promise<PlanOrder> {
  const order = await findOrder(orderId);
  if (!order) throw new NotFound('Order not found');
  return order;
}

/** Marks a pending order delivered, with an optional remark the shopper sees; audited in the same transaction. */
export async function completeOrder(admin: ActiveUser, orderId: string, remark = ''): Promise<PlanOrder> {
  const order = await orderById(orderId);
  const entry = auditEntry(
    admin.id,
    'order.complete',
    orderId,
    `${order.planName} for ${order.userId}${remark ? `; remark: ${remark}` : ''}`,
  );
  return orders.completeOrder(order, remark, [auditItem(entry)]);
}

/** Refunds an order (pending or completed) to the shopper's wallet; audited in the same transaction. */
export async function refundOrder(admin: ActiveUser, orderId: string, remark: string): Promise<PlanOrder> {
  const order = await orderById(orderId);
  const entry = auditEntry(
    admin.id,
    'order.refund',
    orderId,
    `৳${order.price} to the wallet of ${order.userId}${remark ? `; remark: ${remark}` : ''}`,
  );
  return orders.refundOrder(order, remark, [auditItem(entry)]);
}

/**
 * Refunds a gateway-paid order back to the payer's bKash/Nagad through the gateway (exactly
 * once; see `refundThroughGateway`), audited with the intent, before the gateway is called.
 */
export async function refundOrderToPaymentMethod(admin: ActiveUser, orderId: string, remark: string): Promise<PlanOrder> {
  const order = await orderById(orderId);
  const entry = auditEntry(
    admin.id,
    'order.refund_gateway',
    orderId,
    `৳${order.price} to ${order.receipt?.paymentMethod ?? 'the payment method'} of ${order.userId}; remark: ${remark}`,
  );
  return refundThroughGateway(order, remark, [auditItem(entry)]);
}

/**
 * What an operator may reveal of an order, audited before it is shown (neither the entry nor any
 * log line carries it): the game-account password and backup code of an ID-password order while
 * it is pending (completing or refunding deletes them), or the code a stock-mode order was
 * delivered with (the operator redeems it for a shopper who asks).
 */
export async function revealOrderSecret(
  admin: ActiveUser,
  orderId: string,
): Promise<{ password: string; backupCode: string; code: string }> {
  const order = await orderById(orderId);
  if (order.delivery?.code) {
    await transact([auditItem(auditEntry(admin.id, 'order.reveal_code', orderId, `stock code of ${order.userId}`))]);
    return { password: '', backupCode: '', code: deliveredCode(order) };
  }
  if (order.status !== 'pending') throw new Conflict('The game-account password is deleted once an order is completed or refunded');
  if (!order.sealedSecret) throw new Conflict('This order has no game-account password');
  await transact([auditItem(auditEntry(admin.id, 'order.reveal', orderId, `game-account password of ${order.userId}`))]);
  return { ...(JSON.parse(await unseal(order.sealedSecret)) as { password: string; backupCode: string }), code: '' };
}
