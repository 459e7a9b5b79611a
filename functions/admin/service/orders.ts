import { auditEntry, auditItem } from '../../audit/repo';
import { refundThroughGateway } from '../../payments/refunds';
import { type OrderStatus, type PlanOrder, findOrder, getOrder, listOrdersByStatus, orderStatusItem } from '../../orders/repo';
import type { Page, PageRequest } from '../../shared/cursor';
import { Conflict, NotFound } from '../../shared/errors';
import { retrying } from '../../shared/retry';
import { unseal } from '../../shared/sealed';
import { TransactionCancelled, type TransactionItem, transact } from '../../shared/transactions';
import type { ActiveUser } from '../../users/active-user';
import { changeBalance } from '../../wallet/money';
import { balanceChangeItems, getWallet } from '../../wallet/repo';

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

const alreadyMessages: Record<Exclude<OrderStatus, 'pending'>, string> = {
  completed: 'Order is already completed',
  refunded: 'Order is already refunded',
};

/** Whether an order in `status` may move to `to`: complete from pending only; refund from pending or completed. */
function refuseMove(status: OrderStatus, to: Exclude<OrderStatus, 'pending'>): void {
  if (status === 'refunded' || (to === 'completed' && status === 'completed')) throw new Conflict(alreadyMessages[status]);
}

/**
 * Moves an order to `to`, exactly once: one transaction of the order's status change (conditioned
 * on the status read), the items `effect` adds (a refund's credit) and the audit entry. A
 * cancelled transaction (another operator, a racing click, a wallet change) is tried again on a
 * strongly consistent read, which then refuses with the order's real status.
 */
async function moveOrder(
  admin: ActiveUser,
  orderId: string,
  to: Exclude<OrderStatus, 'pending'>,
  remark: string,
  effect: (order: PlanOrder, now: string) => Promise<TransactionItem[]>,
): Promise<PlanOrder> {
  let userId: string | undefined;
  return retrying(
    async () => {
      const order = userId ? await getOrder(userId, orderId) : await orderById(orderId);
      if (!order) throw new NotFound('Order not found');
      userId = order.userId;
      refuseMove(order.status, to);
      const now = new Date().toISOString();
      const action = to === 'completed' ? 'order.complete' : 'order.refund';
      const detail = `${to === 'refunded' ? `৳${order.price} to the wallet of ${order.userId}` : `${order.planName} for ${order.userId}`}${remark ? `; remark: ${remark}` : ''}`;
      await transact([
        orderStatusItem(order, to, remark, now),
        ...(await effect(order, now)),
        auditItem(auditEntry(admin.id, action, orderId, detail)),
      ]);
      return { ...order, status: to, remark, ...(to === 'completed' ? { completedAt: now } : { refundedAt: now }) };
    },
    (error) => error instanceof TransactionCancelled,
  );
}

/** Marks a pending order delivered, with an optional remark the shopper sees. */
export function completeOrder(admin: ActiveUser, orderId: string, remark = ''): Promise<PlanOrder> {
  return moveOrder(admin, orderId, 'completed', remark, async () => []);
}

/**
 * Refunds an order (pending or completed) to the shopper's wallet, whatever it was paid with: the
 * shop does not push money back to bKash. The credit and its ledger entry (reason `refund`,
 * reference the order id) go in the same transaction as the status change.
 */
export function refundOrder(admin: ActiveUser, orderId: string, remark: string): Promise<PlanOrder> {
  return moveOrder(admin, orderId, 'refunded', remark, async (order, now) => {
    const change = changeBalance(await getWallet(order.userId), order.price, 'refund', order.orderId);
    return balanceChangeItems(order.userId, change, now);
  });
}

/**
 * Refunds a gateway-paid order back to the payer's bKash/Nagad through the gateway (exactly
 * once; see `refundThroughGateway`), audited with the intent, before the gateway is called.
 */
export async function refundOrderToPaymentMethod(admin: ActiveUser, orderId: string, remark: string): Promise<PlanOrder> {
  const order = await orderById(orderId);
  refuseMove(order.status, 'refunded');
  const entry = auditEntry(
    admin.id,
    'order.refund_gateway',
    orderId,
    `৳${order.price} to ${order.receipt?.paymentMethod ?? 'the payment method'} of ${order.userId}; remark: ${remark}`,
  );
  return refundThroughGateway((await getOrder(order.userId, orderId)) ?? order, remark, auditItem(entry));
}

/**
 * The game-account password (and backup code) of an ID-password order, for the operator who
 * fulfils it, while the order is pending (completing or refunding deletes it). The audit entry is written first, so no secret is shown unrecorded; neither the
 * entry nor any log line carries it.
 */
export async function revealOrderSecret(admin: ActiveUser, orderId: string): Promise<{ password: string; backupCode: string }> {
  const order = await orderById(orderId);
  if (order.status !== 'pending') throw new Conflict('The game-account password is deleted once an order is completed or refunded');
  if (!order.sealedSecret) throw new Conflict('This order has no game-account password');
  await transact([auditItem(auditEntry(admin.id, 'order.reveal', orderId, `game-account password of ${order.userId}`))]);
  return JSON.parse(await unseal(order.sealedSecret)) as { password: string; backupCode: string };
}
