import { auditEntry, auditItem } from '../../audit/repo';
import { refundThroughGateway, resolveGatewayRefund } from '../../payments/refunds';
import { findOrder, listOrdersByStatus } from '../../orders/repo';
import type { OrderStatus, PlanOrder } from '../../orders/types';
import { deliveredCode, takeOverDelivery } from '../../orders/delivery';
import * as orders from '../../orders/service';
import { masterCategoryFromItem, masterCategoryKey } from '../../catalog/repo';
import type { Page, PageRequest } from '../../shared/cursor';
import { batchGet } from '../../shared/db';
import { Conflict, NotFound } from '../../shared/errors';
import { unseal } from '../../shared/sealed';
import { transact } from '../../shared/transactions';
import type { ActiveUser } from '../../users/active-user';

/** An order as the console shows it: with its game's icon, so that an operator tops up the right game. */
export type ConsoleOrder = PlanOrder & { gameIcon: string };

/**
 * The orders with their games' icons: the name rides on the order item (as it was when ordered),
 * the icon is read now, in one BatchGetItem of the distinct games (a deleted game has none).
 */
export async function withGameIcons(orders: PlanOrder[]): Promise<ConsoleOrder[]> {
  const gameIds = [...new Set(orders.map((order) => order.masterCategoryId).filter(Boolean))];
  const items = gameIds.length > 0 ? await batchGet(gameIds.map(masterCategoryKey)) : [];
  const icons = new Map(gameIds.map((id, i) => [id, items[i] ? masterCategoryFromItem(items[i]).image : '']));
  return orders.map((order) => ({ ...order, gameIcon: icons.get(order.masterCategoryId) ?? '' }));
}

/** One order with its game's icon. */
export async function withGameIcon(order: PlanOrder): Promise<ConsoleOrder> {
  const [withIcon] = await withGameIcons([order]);
  return withIcon ?? { ...order, gameIcon: '' };
}

/**
 * A page of the orders of one status: pending ones oldest first (the queue operators work), the
 * others newest first, unless the operator asks for the other order.
 */
export async function ordersOf(status: OrderStatus, sort: 'oldest' | 'newest' | undefined, page: PageRequest): Promise<Page<ConsoleOrder>> {
  const oldestFirst = sort ? sort === 'oldest' : status === 'pending';
  const found = await listOrdersByStatus(status, oldestFirst, page);
  return { ...found, items: await withGameIcons(found.items) };
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

/** Refunds an order (pending or completed) to the shopper's wallet, unless it moved since the operator saw it; audited in the same transaction. */
export async function refundOrder(admin: ActiveUser, orderId: string, remark: string, seen?: OrderStatus): Promise<PlanOrder> {
  const order = await orderById(orderId);
  const entry = auditEntry(
    admin.id,
    'order.refund',
    orderId,
    `৳${order.price} to the wallet of ${order.userId}${remark ? `; remark: ${remark}` : ''}`,
  );
  return orders.refundOrder(order, remark, [auditItem(entry)], seen);
}

/**
 * Refunds a gateway-paid order back to the payer's bKash/Nagad through the gateway (exactly
 * once; see `refundThroughGateway`), audited with the intent, before the gateway is called.
 */
export async function refundOrderToPaymentMethod(
  admin: ActiveUser,
  orderId: string,
  remark: string,
  seen?: OrderStatus,
): Promise<PlanOrder> {
  const order = await orderById(orderId);
  const entry = auditEntry(
    admin.id,
    'order.refund_gateway',
    orderId,
    `৳${order.price} to ${order.receipt?.paymentMethod ?? 'the payment method'} of ${order.userId}; remark: ${remark}`,
  );
  return refundThroughGateway(order, remark, [auditItem(entry)], seen);
}

/**
 * Records what the gateway's panel shows of a refund to the payment method that waits for a person
 * (no answer, refused, or its sender lost): refunded there (the order closes as refunded, with the
 * day book's line) or not refunded (the order is released, to be refunded again), once, audited.
 */
export async function resolveRefund(
  admin: ActiveUser,
  orderId: string,
  outcome: 'refunded' | 'not_refunded',
  note = '',
): Promise<PlanOrder> {
  const order = await orderById(orderId);
  const shows = outcome === 'refunded' ? 'refunded' : 'not refunded';
  const entry = auditEntry(
    admin.id,
    'order.refund_gateway_resolved',
    orderId,
    `the gateway's panel shows ৳${order.price} ${shows} to ${order.receipt?.paymentMethod ?? 'the payment method'} of ${order.userId}${note ? `; note: ${note}` : ''}`,
  );
  return resolveGatewayRefund(order, outcome, admin.id, [auditItem(entry)]);
}

/**
 * Takes an order's open automatic delivery over by hand, once: the order goes to the operators'
 * queue (and may then be completed or refunded), and an outcome from the supplier after it
 * changes nothing. Audited with what the operator checked.
 */
export async function takeOverOrderDelivery(admin: ActiveUser, orderId: string, remark: string): Promise<PlanOrder> {
  const order = await orderById(orderId);
  const entry = auditEntry(admin.id, 'order.take_over_delivery', orderId, `${order.planName} for ${order.userId}; remark: ${remark}`);
  return takeOverDelivery(order, remark, [auditItem(entry)]);
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
