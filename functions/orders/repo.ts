import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Page, PageRequest } from '../shared/cursor';
import { dayIndexKeys } from '../shared/days';
import { countPartition, db, newestItems, queryOne, queryPage, tableName } from '../shared/db';
import { type ItemKeys, fromItem, toItem } from '../shared/items';
import type { GatewayReceipt } from '../shared/receipt';
import type { TransactionItem } from '../shared/transactions';
import { type DeliveryState, openDeliveryStates } from './delivery-rules';

/** Waiting for fulfilment, delivered, or refunded to the wallet. */
export type OrderStatus = 'pending' | 'completed' | 'refunded';

/** A paid plan order, waiting for (or past) fulfilment. */
export interface PlanOrder {
  orderId: string;
  userId: string;
  planId: string;
  planName: string;
  groupName: string;
  /** The game, as it was named when the order was placed. */
  gameName: string;
  masterCategoryId: string;
  price: number;
  paidFrom: 'wallet' | 'gateway';
  status: OrderStatus;
  /** FB, Google, VK or Twitter for game-account top-ups; empty for player-ID top-ups. */
  accountType: string;
  /** The player ID, or the game account's email or ID (spec: saccount_id). */
  accountId: string;
  /** The game account's password and backup code, sealed (AES-256-GCM); never shown to the shopper. */
  sealedSecret?: string;
  /** The operator's note to the shopper, set when the order is completed or refunded. */
  remark: string;
  /** The gateway's invoice and what it told us of the payment, for a gateway order. */
  invoiceId?: string;
  receipt?: GatewayReceipt;
  /** A refund back to the payer's bKash/Nagad through the gateway: its intent, written before the call, and its outcome. */
  gatewayRefund?: GatewayRefund;
  createdAt: string;
  /** When it was paid: at once from the wallet, when the gateway's payment settled otherwise. */
  paidAt: string;
  completedAt?: string;
  refundedAt?: string;
  /** An automatic delivery (stock or supplier); absent: the operators' queue. */
  delivery?: Delivery;
  /** The player's in-game name and region from the nickname check, when it was known at the order. */
  playerName?: string;
  playerRegion?: string;
}

/**
 * An order's automatic delivery, recorded with the order when it is placed (the intent) and moved
 * by `deliveryMoveItem` only, each move conditioned on the state read.
 */
export interface Delivery {
  mode: 'stock' | 'supplier';
  state: DeliveryState;
  /** Calls made to the supplier: the send and each inquiry. */
  attempts: number;
  /** When it was last sent or asked about. */
  sentAt?: string;
  /**
   * stock: the voucher whose code it takes, and the code taken: kept in the buyer's partition as a
   * code purchase keeps its codes (no public function reaches it), never logged or audited.
   */
  voucherId?: string;
  code?: string;
  /** supplier: which, its product code and what it may cost us (whole taka: the margin guard). */
  supplier?: string;
  sku?: string;
  cost?: number;
  /**
   * As sent: when first (the supplier may be asked about it for a limited time), the most it may
   * cost in the supplier's currency (`max_price`, sent again unchanged with every question), that
   * currency and the exchange rate it was worked out with.
   */
  firstSentAt?: string;
  maxPrice?: number;
  currency?: string;
  rate?: string;
  /** What the supplier charged, in its currency and in whole taka at the rate sent with (rounded up). */
  supplierPrice?: number;
  costPaid?: number;
  /** The supplier's serial of a delivered top-up. */
  serial?: string;
  /** Why it failed or fell back to the queue. */
  reason?: string;
  deliveredAt?: string;
}

/**
 * A refund through the gateway, one attempt at a time (`at` names the attempt): `sending` (intent
 * written, call made), `unknown` (the call got no answer: the gateway is asked what happened, never
 * called again blindly, and a person records what its panel shows), `refused` (the gateway's reason;
 * the panel may show it refunded all the same, so a person records that or releases it), `released`
 * (a person found it not refunded: the order may be refunded again, either way), `done`.
 */
export interface GatewayRefund {
  state: 'sending' | 'unknown' | 'refused' | 'released' | 'done';
  at: string;
  remark: string;
  reason?: string;
  /** Who recorded what the gateway's panel showed, for an attempt a person closed. */
  resolvedBy?: string;
}

/**
 * Where a gateway order's payment stands: waiting; completed (the order was placed); cancelled
 * (failed, expired or given up by its payer: never placed); or credited (paid after it had been
 * cancelled: the money went to the wallet instead, the order was not placed).
 */
export type OrderPaymentStatus = 'pending' | 'completed' | 'cancelled' | 'credited';

/** A plan order paid through the gateway: pending until its payment completes (then it becomes a `PlanOrder`) or is cancelled. */
export interface PendingOrder {
  order: PlanOrder;
  paymentStatus: OrderPaymentStatus;
  /** The payment gateway its checkout was opened at (absent on orders from before gateways were named). */
  gateway?: string;
  /** The gateway's invoice, from the first return, webhook or operator that names it (the checkout does not). */
  invoiceId?: string;
  receipt?: GatewayReceipt;
  paymentUrl: string;
  cancelReason?: string;
  /** When its payment was settled, paid or cancelled. */
  settledAt?: string;
  createdAt: string;
}

const keys = {
  order: (userId: string, orderId: string) => ({ pk: `USER#${userId}`, sk: `ORDER#${orderId}` }),
  queue: (status: OrderStatus) => `ORDERS#${status}`,
  /** Automatic deliveries under way: out of the operators' queue until they close or fall back. */
  deliveryQueue: 'ORDERS#delivering',
  fulfilmentQueue: (order: PlanOrder) => ({
    gsi1pk: order.delivery && order.delivery.state !== 'manual' ? 'ORDERS#delivering' : `ORDERS#${order.status}`,
    gsi1sk: `${order.createdAt}#${order.userId}#${order.orderId}`,
  }),
  lookup: (masterCategoryId: string, playerId: string) => ({ pk: `LOOKUP#${masterCategoryId}#${playerId}`, sk: '#PLAYER' }),
  shopperLookup: (userId: string, playerId: string) => ({ pk: `USER#${userId}`, sk: `PLAYERNAME#${playerId}` }),
  day: (orderId: string) => dayIndexKeys('ORDER', orderId),
  pendingOrder: (userId: string, orderId: string) => ({ pk: `USER#${userId}`, sk: `PORDER#${orderId}` }),
  playerId: (userId: string, masterCategoryId: string, playerId: string) => ({
    pk: `USER#${userId}`,
    sk: `PLAYERID#${masterCategoryId}#${playerId}`,
  }),
};

/** A pending gateway order's key, for batch reads. */
export const pendingOrderKey = keys.pendingOrder;

/** Reads a pending order item. */
export const pendingOrderFromItem = (item: Record<string, unknown>) => fromItem<PendingOrder>(item);

/** A new paid order, conditioned on its id being new; it joins the fulfilment queue of its status and the day index. */
export function newOrderItem(order: PlanOrder): TransactionItem {
  return {
    Put: {
      TableName: tableName,
      Item: toItem(
        'PlanOrder',
        { ...keys.order(order.userId, order.orderId), ...keys.fulfilmentQueue(order), ...keys.day(order.orderId) },
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

/** The orders whose automatic delivery is under way, a page at a time, oldest first: Query gsi1 ORDERS#delivering. */
export async function listOpenDeliveries(request: PageRequest): Promise<Page<PlanOrder>> {
  const page = await queryPage({ index: 'gsi1', key: 'gsi1pk', value: keys.deliveryQueue }, { ascending: true, ...request });
  return { ...page, items: page.items.map(orderFromItem) };
}

/**
 * How many orders of a fulfilment queue (the operators' `pending`, or the automatic deliveries
 * under way) were paid before `before`: Query gsi1 ORDERS#<queue> with gsi1sk < `before` (placed
 * before it, as a payment comes after its order), filtered on `paidAt`, count only. It reads only
 * the orders placed before `before`, however long the queue.
 */
export const countQueuedPaidBefore = (queue: 'pending' | 'delivering', before: string) =>
  countPartition(
    {
      index: 'gsi1',
      key: 'gsi1pk',
      value: queue === 'pending' ? keys.queue('pending') : keys.deliveryQueue,
      sortKey: 'gsi1sk',
      sortBelow: before,
    },
    { expression: 'attribute_not_exists(#paidAt) OR #paidAt < :before', names: { '#paidAt': 'paidAt' }, values: { ':before': before } },
  );

/** What a delivery move writes besides the state: the fields it sets on the delivery, and the order's own. */
export interface DeliveryMove {
  to: DeliveryState;
  /** Fields of the delivery to set (attempts, sentAt, serial, reason, code, deliveredAt). */
  delivery?: Partial<Omit<Delivery, 'state' | 'mode'>>;
  /** The shopper-facing remark of a closed order. */
  remark?: string;
}

/**
 * Moves an automatic delivery from the state that was read, once: conditioned on the order still
 * waiting (an operator who took it over wins) and on its delivery state and attempts being those
 * read, so that parallel inquiries, replayed callbacks and the first send never both move it.
 * Delivered completes the order, failed refunds it (the caller adds the credit to the same
 * transaction), manual puts it in the operators' queue; both closed ones drop the game-account
 * secret and leave the delivery queue.
 */
export function deliveryMoveItem(order: PlanOrder, move: DeliveryMove, now: string): TransactionItem {
  const from = order.delivery!;
  const sets: string[] = ['delivery.#state = :to', 'updatedAt = :now'];
  const values: Record<string, unknown> = {
    ':to': move.to,
    ':now': now,
    ':from': from.state,
    ':attempts': from.attempts,
    ':pending': 'pending',
  };
  const names: Record<string, string> = { '#state': 'state', '#status': 'status', '#attempts': 'attempts' };
  const fields = Object.entries(move.delivery ?? {}).filter(([, value]) => value !== undefined);
  for (const [i, [name, value]] of fields.entries()) {
    sets.push(`delivery.#d${i} = :d${i}`);
    names[`#d${i}`] = name;
    values[`:d${i}`] = value;
  }
  let remove = '';
  if (move.to === 'delivered' || move.to === 'failed') {
    const status: OrderStatus = move.to === 'delivered' ? 'completed' : 'refunded';
    sets.push(
      '#status = :status',
      'gsi1pk = :queue',
      `${move.to === 'delivered' ? 'completedAt' : 'refundedAt'} = :now`,
      'remark = :remark',
    );
    Object.assign(values, { ':status': status, ':queue': keys.queue(status), ':remark': move.remark ?? '' });
    remove = ' REMOVE sealedSecret';
  } else if (move.to === 'manual') {
    sets.push('gsi1pk = :queue');
    values[':queue'] = keys.queue('pending');
  }
  return {
    Update: {
      TableName: tableName,
      Key: keys.order(order.userId, order.orderId),
      UpdateExpression: `SET ${sets.join(', ')}${remove}`,
      // A refund to the payment method is never started beside an open delivery; should one exist, it decides.
      ConditionExpression:
        '#status = :pending AND delivery.#state = :from AND delivery.#attempts = :attempts AND attribute_not_exists(gatewayRefund)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** A nickname check's answer, kept a short time per game and player ID (a cache, and what an order records). */
export interface PlayerLookupEntry {
  found: boolean;
  playerName: string;
  region: string;
}

/** A found player as the shopper who checked it saw it, for the order that follows (whose plan names the game). */
export interface ShopperLookup extends PlayerLookupEntry {
  masterCategoryId: string;
}

/** The cache key of a nickname check. */
export const playerLookupKey = keys.lookup;

/** The key of the shopper's own copy of their last check of a player ID, for the batch read of an order. */
export const shopperLookupKey = keys.shopperLookup;

/** Reads a kept nickname check that has not expired. */
export function playerLookupFromItem(item: Record<string, unknown> | undefined, now = Date.now()): ShopperLookup | undefined {
  if (!item || Number(item.expiresAt) * 1000 <= now) return undefined;
  return {
    found: Boolean(item.found),
    playerName: String(item.playerName ?? ''),
    region: String(item.region ?? ''),
    masterCategoryId: String(item.masterCategoryId ?? ''),
  };
}

const lookupItem = (keysOf: { pk: string; sk: string }, entry: ShopperLookup, seconds: number) => {
  const now = new Date();
  return toItem('PlayerLookup', keysOf, { ...entry, expiresAt: Math.floor(now.getTime() / 1000) + seconds }, now.toISOString());
};

/** Keeps a nickname check for `seconds` (reads ignore it once expired; TTL removes it): PutItem LOOKUP#<game>#<id>. */
export async function putPlayerLookup(entry: ShopperLookup, playerId: string, seconds: number): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName, Item: lookupItem(keys.lookup(entry.masterCategoryId, playerId), entry, seconds) }));
}

/** Keeps the shopper's own copy of a found player, for their order: PutItem USER#id / PLAYERNAME#<player id>. */
export async function putShopperLookup(userId: string, playerId: string, entry: ShopperLookup, seconds: number): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName, Item: lookupItem(keys.shopperLookup(userId, playerId), entry, seconds) }));
}

/** A user's paid plan orders, newest first (up to 100): Query USER#id, begins_with ORDER#, descending. */
export async function listOrders(userId: string): Promise<PlanOrder[]> {
  return (await newestItems(`USER#${userId}`, 'ORDER#')).map((item) => fromItem<PlanOrder>(item));
}

/** Reads a plan order item. */
const orderFromItem = (item: Record<string, unknown>) => fromItem<PlanOrder>(item);

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
 * waiting for a person (`refundsMay` names the attempts' states that let the move go), and for a
 * refund of a pending order, no open automatic delivery. `#state` must name `state`.
 */
function moneyOwnerConditions(order: PlanOrder, refundsMay: GatewayRefund['state'][], move: 'refund' | 'complete') {
  const refundStates = refundsMay.map((_, i) => `:may${i}`);
  const values: Record<string, unknown> = Object.fromEntries(refundsMay.map((state, i) => [`:may${i}`, state]));
  const clauses = [`(attribute_not_exists(gatewayRefund) OR gatewayRefund.#state IN (${refundStates.join(', ')}))`];
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
 * game-account secret.
 */
export function orderStatusItem(order: PlanOrder, to: Exclude<OrderStatus, 'pending'>, remark: string, now: string): TransactionItem {
  const owner = moneyOwnerConditions(order, ['released'], to === 'refunded' ? 'refund' : 'complete');
  return {
    Update: {
      TableName: tableName,
      Key: keys.order(order.userId, order.orderId),
      // The game-account secret served the delivery; a closed order keeps none (retention rule).
      UpdateExpression: `SET #status = :to, gsi1pk = :queue, remark = :remark, ${to === 'completed' ? 'completedAt' : 'refundedAt'} = :now, updatedAt = :now REMOVE sealedSecret`,
      ConditionExpression: `#status = :from AND ${owner.condition}`,
      ExpressionAttributeNames: { '#status': 'status', '#state': 'state' },
      ExpressionAttributeValues: {
        ':to': to,
        ':queue': keys.queue(to),
        ':remark': remark,
        ':now': now,
        ':from': order.status,
        ...owner.values,
      },
    },
  };
}

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

/**
 * The player ID of a top-up by player ID, remembered per game with the order that used it (the
 * user's own item, so no one else ever sees it); a game-account order remembers nothing.
 */
export function rememberedPlayerIdItems(
  order: Pick<PlanOrder, 'userId' | 'masterCategoryId' | 'accountId' | 'accountType' | 'paidAt'>,
): TransactionItem[] {
  if (order.accountType) return [];
  const item = toItem(
    'PlayerId',
    keys.playerId(order.userId, order.masterCategoryId, order.accountId),
    { masterCategoryId: order.masterCategoryId, playerId: order.accountId, lastUsed: order.paidAt },
    order.paidAt,
  );
  return [{ Put: { TableName: tableName, Item: item } }];
}

/** A user's player IDs of one game, the most recently used first: Query USER#id, begins_with PLAYERID#<game>#. */
export async function listPlayerIds(
  userId: string,
  masterCategoryId: string,
  limit = 10,
): Promise<{ playerId: string; lastUsed: string }[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': `PLAYERID#${masterCategoryId}#` },
    }),
  );
  return Items.map((item) => ({ playerId: String(item.playerId), lastUsed: String(item.lastUsed) }))
    .sort((a, b) => b.lastUsed.localeCompare(a.lastUsed))
    .slice(0, limit);
}

/**
 * Starts a refund through the gateway, once: the intent is written (conditioned on the status read,
 * on no other attempt under way or waiting for a person, and on no open delivery) before the
 * gateway is called, so parallel clicks send one refund and a delivery's outcome cannot also move
 * the money.
 */
export function startGatewayRefundItem(order: PlanOrder, remark: string, now: string): TransactionItem {
  const refund: GatewayRefund = { state: 'sending', at: now, remark };
  const owner = moneyOwnerConditions(order, ['refused', 'released'], 'refund');
  return {
    Update: {
      TableName: tableName,
      Key: keys.order(order.userId, order.orderId),
      UpdateExpression: 'SET gatewayRefund = :refund, updatedAt = :now',
      ConditionExpression: `#status = :from AND ${owner.condition}`,
      ExpressionAttributeNames: { '#status': 'status', '#state': 'state' },
      ExpressionAttributeValues: { ':refund': refund, ':now': now, ':from': order.status, ...owner.values },
    },
  };
}

/**
 * Moves the refund attempt that was read (its state and `at`) to unknown, refused or released;
 * the order's status does not change. `resolvedBy` names the operator who recorded what the
 * gateway's panel showed.
 */
export function gatewayRefundOutcomeItem(
  order: PlanOrder,
  outcome: Pick<GatewayRefund, 'state' | 'reason' | 'resolvedBy'>,
  now: string,
): TransactionItem {
  const attempt = order.gatewayRefund!;
  return {
    Update: {
      TableName: tableName,
      Key: keys.order(order.userId, order.orderId),
      UpdateExpression: `SET gatewayRefund.#state = :to, gatewayRefund.reason = :reason, updatedAt = :now${outcome.resolvedBy ? ', gatewayRefund.resolvedBy = :by' : ''}`,
      ConditionExpression: 'gatewayRefund.#state = :from AND gatewayRefund.#at = :at',
      ExpressionAttributeNames: { '#state': 'state', '#at': 'at' },
      ExpressionAttributeValues: {
        ':to': outcome.state,
        ':reason': outcome.reason ?? attempt.reason ?? '',
        ':from': attempt.state,
        ':at': attempt.at,
        ':now': now,
        ...(outcome.resolvedBy ? { ':by': outcome.resolvedBy } : {}),
      },
    },
  };
}

/**
 * Closes the refund attempt that was read as done: the order moves to refunded (out of its queue)
 * with the attempt's remark, once, and drops its game-account secret.
 */
export function gatewayRefundDoneItem(order: PlanOrder, now: string, resolvedBy?: string): TransactionItem {
  const attempt = order.gatewayRefund!;
  return {
    Update: {
      TableName: tableName,
      Key: keys.order(order.userId, order.orderId),
      UpdateExpression: `SET #status = :refunded, gsi1pk = :queue, remark = gatewayRefund.remark, refundedAt = :now, gatewayRefund.#state = :done, updatedAt = :now${resolvedBy ? ', gatewayRefund.resolvedBy = :by' : ''} REMOVE sealedSecret`,
      ConditionExpression: 'gatewayRefund.#state = :from AND gatewayRefund.#at = :at AND #status <> :refunded',
      ExpressionAttributeNames: { '#status': 'status', '#state': 'state', '#at': 'at' },
      ExpressionAttributeValues: {
        ':refunded': 'refunded',
        ':queue': keys.queue('refunded'),
        ':done': 'done',
        ':from': attempt.state,
        ':at': attempt.at,
        ':now': now,
        ...(resolvedBy ? { ':by': resolvedBy } : {}),
      },
    },
  };
}
