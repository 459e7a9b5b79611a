/** The orders' repo: placed and pending orders, by user, by id and by status, and their status moves. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Page, PageRequest } from '../shared/cursor';
import { countPartition, db, newestItems, queryOne, queryPage, tableName } from '../shared/db';
import { type ItemKeys, fromItem, toItem } from '../shared/items';
import { type GatewayReceipt, payerIndexKeys } from '../shared/receipt';
import type { TransactionItem } from '../shared/transactions';
import { openDeliveryStates } from './delivery-rules';
import { keys } from './keys';
import type { GatewayRefund, OrderStatus, PendingOrder, PlanOrder } from './types';

/** A placed order's key, for batch reads. */
export const orderKey = keys.order;

/** A pending gateway order's key, for batch reads. */
export const pendingOrderKey = keys.pendingOrder;

/** Reads a pending order item. */
export const pendingOrderFromItem = (item: Record<string, unknown>) => fromItem<PendingOrder>(item);

/**
 * A new paid order, conditioned on its id being new; it joins the fulfilment queue of its status,
 * the day index and, paid through the gateway, its payer's (the payer search).
 */
export function newOrderItem(order: PlanOrder): TransactionItem {
  return {
    Put: {
      TableName: tableName,
      Item: toItem(
        'PlanOrder',
        {
          ...keys.order(order.userId, order.orderId),
          ...keys.fulfilmentQueue(order),
          ...keys.day(order.orderId),
          ...(order.receipt ? payerIndexKeys(order.receipt, order.paidAt, order.orderId) : {}),
        },
        order,
        order.createdAt,
      ),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** A plan order waiting for its gateway payment, with the pending-payment index keys its service gives. */
export function newPendingOrderItem(pending: PendingOrder, pendingIndex: Pick<ItemKeys, 'gsi2pk' | 'gsi2sk'>): TransactionItem {
  const { order } = pending;
  return {
    Put: {
      TableName: tableName,
      Item: toItem('PendingOrder', { ...keys.pendingOrder(order.userId, order.orderId), ...pendingIndex }, pending, pending.createdAt),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * Closes a pending order, once: paid (placed, or credited to the wallet when it had been
 * cancelled) with the gateway's receipt, or cancelled for a reason (kept when money comes later).
 * The condition is that its payment status is still the one that was read.
 */
export function closePendingOrderItem(
  pending: PendingOrder,
  outcome:
    | { paymentStatus: 'completed' | 'credited'; receipt: GatewayReceipt }
    | { paymentStatus: 'cancelled'; cancelReason: string; invoiceId?: string },
  now: string,
): TransactionItem {
  const paid = outcome.paymentStatus !== 'cancelled';
  const invoiceId = paid ? outcome.receipt.invoiceId : (outcome.invoiceId ?? pending.invoiceId);
  return {
    Update: {
      TableName: tableName,
      Key: keys.pendingOrder(pending.order.userId, pending.order.orderId),
      UpdateExpression: paid
        ? 'SET paymentStatus = :to, invoiceId = :invoice, receipt = :receipt, settledAt = :now, updatedAt = :now REMOVE gsi2pk, gsi2sk'
        : `SET paymentStatus = :to, cancelReason = :reason, settledAt = :now, updatedAt = :now${invoiceId ? ', invoiceId = :invoice' : ''} REMOVE gsi2pk, gsi2sk`,
      ConditionExpression: 'paymentStatus = :from',
      ExpressionAttributeValues: {
        ':to': outcome.paymentStatus,
        ':now': now,
        ':from': pending.paymentStatus,
        ...(invoiceId ? { ':invoice': invoiceId } : {}),
        ...(paid ? { ':receipt': outcome.receipt } : { ':reason': outcome.cancelReason }),
      },
    },
  };
}

/** A user's paid plan orders, newest first (up to `limit`): Query USER#id, begins_with ORDER#, descending. */
export async function listOrders(userId: string, limit = 100): Promise<PlanOrder[]> {
  return (await newestItems(`USER#${userId}`, 'ORDER#', limit)).map((item) => fromItem<PlanOrder>(item));
}

/** Reads a plan order item. */
export const orderFromItem = (item: Record<string, unknown>) => fromItem<PlanOrder>(item);

/** One user's order, strongly consistent: GetItem USER#userId / ORDER#orderId. */
export async function getOrder(userId: string, orderId: string): Promise<PlanOrder | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.order(userId, orderId), ConsistentRead: true }));
  return Item && orderFromItem(Item);
}

/** An order by its id alone: Query gsi3 `DAY#<day of the id>`, sk = ORDER#id (the day comes from the id). */
export async function findOrder(orderId: string): Promise<PlanOrder | undefined> {
  const { gsi3pk, gsi3sk } = keys.day(orderId);
  const item = await queryOne({ index: 'gsi3', key: 'gsi3pk', value: gsi3pk, sortKey: 'gsi3sk', sortValue: gsi3sk });
  return item && orderFromItem(item);
}

/** The orders of one status, a page at a time: Query gsi1 ORDERS#<status>, oldest first (the fulfilment queue) or newest first. */
export async function listOrdersByStatus(status: OrderStatus, oldestFirst: boolean, request: PageRequest): Promise<Page<PlanOrder>> {
  const page = await queryPage({ index: 'gsi1', key: 'gsi1pk', value: keys.queue(status) }, { ascending: oldestFirst, ...request });
  return { ...page, items: page.items.map(orderFromItem) };
}

/** How many orders wait for fulfilment: Query gsi1 ORDERS#pending, count only. */
export const countPendingOrders = () => countPartition({ index: 'gsi1', key: 'gsi1pk', value: keys.queue('pending') });

/**
 * The conditions of an operator's move that keep one owner of an order's money at a time (the
 * rules of `moveBlocked`, orders/order-rules.ts): no refund to the payment method under way or
 * waiting for a person (`refundsMay` names the attempts' states that let the move go), the hold
 * as read, and for a refund of a pending order, no open automatic delivery. `#state` must name
 * `state` and `#hold` `hold` (a reserved word).
 */
export function moneyOwnerConditions(order: PlanOrder, refundsMay: GatewayRefund['state'][], move: 'refund' | 'complete') {
  const refundStates = refundsMay.map((_, i) => `:may${i}`);
  const values: Record<string, unknown> = Object.fromEntries(refundsMay.map((state, i) => [`:may${i}`, state]));
  const clauses = [`(attribute_not_exists(gatewayRefund) OR gatewayRefund.#state IN (${refundStates.join(', ')}))`];
  // A hold is decided by a release or a refund only: a refund of an order read held is conditioned
  // on it still being held (and decides it), any other move on it not being held (a hold placed meanwhile wins).
  clauses.push(
    move === 'refund' && order.hold?.state === 'held' ? '#hold.#state = :held' : '(attribute_not_exists(#hold) OR #hold.#state <> :held)',
  );
  values[':held'] = 'held';
  if (move === 'refund' && order.status === 'pending') {
    clauses.push(
      `(attribute_not_exists(delivery) OR NOT (delivery.#state IN (${openDeliveryStates.map((_, i) => `:open${i}`).join(', ')})))`,
    );
    for (const [i, state] of openDeliveryStates.entries()) values[`:open${i}`] = state;
  }
  return { condition: clauses.join(' AND '), values };
}

/**
 * Moves an order from the status that was read to `to`, once: the condition is that its status is
 * still `order.status`, so a second or racing click changes nothing, and that no refund to the
 * payment method or open delivery owns its money (`moneyOwnerConditions`). It moves to the queue of
 * its new status and records the remark and when. A completed or refunded order keeps no
 * game-account secret. A refund of a held order decides its hold (`refunded`).
 */
export function orderStatusItem(order: PlanOrder, to: Exclude<OrderStatus, 'pending'>, remark: string, now: string): TransactionItem {
  const owner = moneyOwnerConditions(order, ['released'], to === 'refunded' ? 'refund' : 'complete');
  return {
    Update: {
      TableName: tableName,
      Key: keys.order(order.userId, order.orderId),
      // The game-account secret served the delivery; a closed order keeps none (retention rule).
      UpdateExpression: `SET #status = :to, gsi1pk = :queue, remark = :remark, ${to === 'completed' ? 'completedAt' : 'refundedAt'} = :now, updatedAt = :now${order.hold?.state === 'held' ? holdRefundedSet : ''} REMOVE sealedSecret`,
      ConditionExpression: `#status = :from AND ${owner.condition}`,
      ExpressionAttributeNames: { '#status': 'status', '#state': 'state', '#hold': 'hold' },
      ExpressionAttributeValues: {
        ':to': to,
        ':queue': keys.queue(to),
        ':remark': remark,
        ':now': now,
        ':from': order.status,
        ...owner.values,
        ...(order.hold?.state === 'held' ? { ':holdRefunded': 'refunded' } : {}),
      },
    },
  };
}

/** What a refund of a held order adds to its update (`:holdRefunded`, `:now`, `#hold` and `#state` named): the hold decided. */
export const holdRefundedSet = ', #hold.#state = :holdRefunded, #hold.decidedAt = :now';

/** A pending gateway order, strongly consistent: GetItem USER#userId / PORDER#orderId. */
export async function getPendingOrder(userId: string, orderId: string): Promise<PendingOrder | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.pendingOrder(userId, orderId), ConsistentRead: true }));
  return Item && pendingOrderFromItem(Item);
}

/**
 * A user's gateway orders that are not placed orders but still worth listing: waiting for their
 * payment, or paid after they were cancelled (credited to the wallet). Newest first: Query
 * USER#id, begins_with PORDER# (100 newest).
 */
export async function listAwaitingOrders(userId: string): Promise<PendingOrder[]> {
  return (await newestItems(`USER#${userId}`, 'PORDER#'))
    .map(pendingOrderFromItem)
    .filter((pending) => pending.paymentStatus === 'pending' || pending.paymentStatus === 'credited');
}
