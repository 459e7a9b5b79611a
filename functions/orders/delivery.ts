import { type Plan, masterCategoryFromItem, masterCategoryKey, pauseDeliveryItem } from '../catalog/repo';
import {
  deliveryFailedAlert,
  deliveryUnknownAlert,
  orderWaitingAlert,
  raiseAlert,
  refundReviewAlert,
  supplierBalanceAlert,
  supplierSetupAlert,
} from '../notifications/alerts';
import { orderDeliveredNotice, orderRefundedNotice } from '../notifications/events';
import { batchGet } from '../shared/db';
import { Conflict, NotFound, ServiceUnavailable, Unauthorized } from '../shared/errors';
import { logger } from '../shared/logger';
import { type RateLimit, takeAttempt, tryAgainIn } from '../shared/rate-limit';
import { retrying } from '../shared/retry';
import { TransactionCancelled, type TransactionItem, transact } from '../shared/transactions';
import { digiflazz } from '../suppliers/digiflazz';
import { LookupUnavailable, lookUpPlayer } from '../suppliers/player-lookup';
import { homeCurrency, rateUnits, supplierUnitsOf, takaOf } from '../suppliers/exchange';
import type { RefusalAlert, Supplier, SupplierOutcome, TopUpRequest } from '../suppliers/port';
import { putSupplierStatus, supplierRecords, supplierSettingsItem } from '../suppliers/repo';
import type { ActiveUser } from '../users/active-user';
import { codeToClaim, tellLowStockAfterClaim } from '../vouchers/service';
import { changeBalance } from '../wallet/money';
import { balanceChangeItems, getWallet } from '../wallet/repo';
import { type DeliveryEvent, costGuard, dueForDelivery, isOpen, nextDeliveryState, pastAskingWindow } from './delivery-rules';
import {
  type Delivery,
  type DeliveryMove,
  type PlanOrder,
  type PlayerLookupEntry,
  countQueuedPaidBefore,
  deliveryMoveItem,
  getOrder,
  findOrder,
  listOpenDeliveries,
  playerLookupFromItem,
  playerLookupKey,
  putPlayerLookup,
  putShopperLookup,
} from './repo';

/** The suppliers an order may name; a second supplier is its adapter's file and one entry here. */
export const suppliers: Record<string, Supplier> = { [digiflazz.name]: digiflazz };

/** The supplier a new supplier-mode order goes to. */
const defaultSupplier = digiflazz.name;

/**
 * The delivery a new order of `plan` records with it (the intent, in the order's own write): none
 * for the operators' queue (manual plans, paused ones, game-account logins, which a person types in).
 */
export function deliveryFor(plan: Pick<Plan, 'delivery' | 'deliveryPaused'>, accountType: string): Delivery | undefined {
  if (!plan.delivery || plan.delivery.mode === 'manual' || plan.deliveryPaused || accountType) return undefined;
  if (plan.delivery.mode === 'stock') return { mode: 'stock', state: 'queued', attempts: 0, voucherId: plan.delivery.voucherId };
  return { mode: 'supplier', state: 'queued', attempts: 0, supplier: defaultSupplier, sku: plan.delivery.sku, cost: plan.delivery.cost };
}

/** What a move adds: fields of the delivery, the shopper's remark, and items of the same transaction (a refund, a paused plan). */
interface MoveDetails {
  delivery?: DeliveryMove['delivery'];
  remark?: string;
  alsoWrite?: TransactionItem[];
}

/** An order after a move, and whether this call made the move (another path may have). */
interface Moved {
  order: PlanOrder;
  moved: boolean;
}

/**
 * Applies one event to an order's delivery, once: the state machine decides the next state from
 * the state read, and the write is conditioned on it; a lost race re-reads and decides again
 * (where an operator's hand or another path's outcome has closed it, nothing changes).
 */
function moveDelivery(
  read: PlanOrder,
  event: DeliveryEvent,
  details: (order: PlanOrder, now: string) => Promise<MoveDetails> | MoveDetails = () => ({}),
): Promise<Moved> {
  return retrying(
    async (tryNumber) => {
      const order = tryNumber === 1 ? read : await getOrder(read.userId, read.orderId);
      if (!order?.delivery || order.status !== 'pending') return { order: order ?? read, moved: false };
      const to = nextDeliveryState(order.delivery.state, event);
      if (!to) return { order, moved: false };
      const now = new Date().toISOString();
      if (order.gatewayRefund) {
        // Never beside an open delivery (the refund's own condition); should it happen, money may have left twice: a person looks.
        if (event === 'delivered' || event === 'failed')
          await raiseAlert(
            refundReviewAlert(
              order,
              { key: `delivery-${event}`, text: `the supplier reported the top-up ${event} beside it` },
              order.gatewayRefund.at,
              now,
            ),
          );
        return { order, moved: false };
      }
      const { delivery, remark, alsoWrite = [] } = await details(order, now);
      await transact([deliveryMoveItem(order, { to, delivery, remark }, now), ...alsoWrite]);
      return { order: closedAs({ ...order, delivery: { ...order.delivery, ...delivery, state: to } }, remark, now), moved: true };
    },
    (error) => error instanceof TransactionCancelled,
  );
}

/** An order as a delivery move left it: delivered completes it, failed refunds it. */
function closedAs(order: PlanOrder, remark: string | undefined, now: string): PlanOrder {
  const state = order.delivery?.state;
  if (state === 'delivered') return { ...order, status: 'completed', completedAt: now, remark: remark ?? '', sealedSecret: undefined };
  if (state === 'failed') return { ...order, status: 'refunded', refundedAt: now, remark: remark ?? '', sealedSecret: undefined };
  return order;
}

/** The credit of a failed delivery's price to the wallet (ledger reason `refund`, reference the order), for the failure's own transaction. */
async function refundItems(order: PlanOrder, now: string): Promise<TransactionItem[]> {
  return balanceChangeItems(order.userId, changeBalance(await getWallet(order.userId), order.price, 'refund', order.orderId), now);
}

/** What falling back to a person adds: the plan stopped, and an alert beside the queue's own. */
interface FallBackOptions {
  pausePlan?: boolean;
  alert?: RefusalAlert;
}

/** Sends an automatic order to the operators' queue for `reason`; `pausePlan` also stops automatic delivery of its plan. */
async function fallBack(
  order: PlanOrder,
  event: 'fallBack' | 'refused',
  reason: string,
  options: FallBackOptions = {},
): Promise<PlanOrder> {
  const supplier = order.delivery?.supplier ?? 'supplier';
  const { order: after, moved } = await moveDelivery(order, event, (current, now) => ({
    delivery: { reason },
    alsoWrite: [
      orderWaitingAlert(current, reason, now),
      ...(options.pausePlan ? [pauseDeliveryItem(order.planId, reason, now)] : []),
      ...(options.alert === 'setup' ? [supplierSetupAlert(supplier, reason, order.orderId, now)] : []),
    ],
  }));
  if (moved)
    logger.warn('delivery needs a person', { orderId: order.orderId, planId: order.planId, reason, planPaused: options.pausePlan });
  if (moved && options.alert === 'balance') await raiseAlert(supplierBalanceAlert(supplier, order.orderId, new Date().toISOString()));
  return after;
}

const topUpRequest = (order: PlanOrder): TopUpRequest => ({
  reference: order.orderId,
  sku: order.delivery!.sku!,
  playerId: order.accountId,
  maxPrice: order.delivery!.maxPrice ?? order.delivery!.cost!,
});

/** What the shopper reads of a failed delivery. */
const failureRemark = (order: PlanOrder, reason: string) => `Delivery failed: ${reason}. ৳${order.price} was refunded to your wallet.`;

/** What a delivered top-up records of the supplier's price: in its currency, and in whole taka at the rate it was sent with. */
function pricePaid(order: PlanOrder, price: number | undefined): Pick<Delivery, 'supplierPrice' | 'costPaid'> {
  const delivery = order.delivery!;
  if (price === undefined) return {};
  return { supplierPrice: price, costPaid: delivery.rate ? takaOf(price, delivery.rate) : price };
}

/** Applies what the supplier said of an order's top-up, through the state machine, once. */
async function applyOutcome(order: PlanOrder, outcome: SupplierOutcome): Promise<PlanOrder> {
  switch (outcome.kind) {
    case 'delivered': {
      const moved = await moveDelivery(order, 'delivered', (current, now) => ({
        delivery: { serial: outcome.serial, deliveredAt: now, ...pricePaid(current, outcome.price) },
        alsoWrite: [orderDeliveredNotice(current, false, now)],
      }));
      if (moved.moved) logger.info('delivered by the supplier', { orderId: order.orderId, supplier: order.delivery?.supplier });
      return moved.order;
    }
    case 'failed': {
      const moved = await moveDelivery(order, 'failed', async (current, now) => ({
        delivery: { reason: outcome.reason },
        remark: failureRemark(current, outcome.reason),
        alsoWrite: [
          ...(await refundItems(current, now)),
          orderRefundedNotice(current, { deliveryFailed: outcome.reason }, now),
          deliveryFailedAlert(current, outcome.reason, now),
        ],
      }));
      if (moved.moved) logger.warn('delivery failed and refunded', { orderId: order.orderId, reason: outcome.reason });
      return moved.order;
    }
    case 'refused':
      return fallBack(order, 'refused', outcome.reason, { pausePlan: outcome.pausePlan, alert: outcome.alert });
    case 'later':
      logger.warn('the supplier did not say where a top-up stands; asked again later', { orderId: order.orderId, reason: outcome.reason });
      if (outcome.setup)
        await raiseAlert(
          supplierSetupAlert(order.delivery?.supplier ?? 'supplier', outcome.reason, order.orderId, new Date().toISOString()),
        );
      return order;
    case 'pending':
      return (await moveDelivery(order, 'pending')).order;
    case 'lost':
      return (
        await moveDelivery(order, 'lost', (current, now) => ({
          alsoWrite: [deliveryUnknownAlert(current, current.delivery!.attempts, now)],
        }))
      ).order;
  }
}

/** How many times a stock delivery tries other codes after racing orders took the ones it chose. */
const maxClaimAttempts = 5;

/**
 * Delivers from stock: one transaction claims one unsold code of the linked voucher (deleted on
 * the condition it is still there, so no code is used twice) and moves the order to delivered with
 * the code. No code left sends the order to the queue; codes taken by racing orders are
 * skipped and others tried. A code that takes the voucher to its low-stock mark is told to the
 * operators right after.
 */
async function deliverFromStock(read: PlanOrder): Promise<PlanOrder> {
  const taken = new Set<string>();
  let order = read;
  for (let attempt = 1; attempt <= maxClaimAttempts; attempt += 1) {
    if (attempt > 1) order = (await getOrder(read.userId, read.orderId)) ?? order;
    if (order.status !== 'pending' || order.delivery?.state !== 'queued') return order;
    const claim = await codeToClaim(order.delivery.voucherId!, taken);
    if (!claim) return fallBack(order, 'fallBack', 'No codes left in the linked voucher');
    const now = new Date().toISOString();
    const delivery = { code: claim.code, deliveredAt: now };
    try {
      await transact([deliveryMoveItem(order, { to: 'delivered', delivery }, now), ...claim.items, orderDeliveredNotice(order, true, now)]);
      logger.info('delivered from stock', { orderId: order.orderId, voucherId: order.delivery.voucherId });
      // Told after the delivery, never instead of it: a failed check is logged, the order stays delivered.
      await tellLowStockAfterClaim(order.delivery.voucherId!, claim.stock, now);
      return closedAs({ ...order, delivery: { ...order.delivery, ...delivery, state: 'delivered' } }, '', now);
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      if (error.failedAt(1) || error.failedAt(2)) taken.add(claim.codeId);
    }
  }
  // Still queued: the delivery job takes it up again shortly.
  return order;
}

/** The stage's fixed outbound address, where its supplier calls leave from one (the delivery functions in prod); empty otherwise. */
const egressAddress = process.env.SUPPLIER_EGRESS_ADDRESS ?? '';

/**
 * What stands between an order and its supplier before anything is sent: the cost guard (never
 * sell at or below cost), a supplier that answers only a whitelisted address where the stage has
 * none, a supplier pricing in another currency with no exchange rate set. Answers the fall back,
 * or the exchange rate to send with (undefined for a supplier pricing in taka).
 */
async function sendingBlocked(order: PlanOrder, supplier: Supplier): Promise<{ reason: string; alert?: RefusalAlert } | { rate?: string }> {
  const guard = costGuard(order.price, order.delivery!.cost ?? 0);
  if (guard) return { reason: guard };
  if (supplier.needsFixedAddress && !egressAddress)
    return { reason: `${supplier.name} answers only a whitelisted address, and this stage has no fixed outbound address`, alert: 'setup' };
  if (supplier.currency === homeCurrency) return {};
  const rate = (await supplierRecords([supplier.name])).get(supplier.name)?.settings?.rate;
  if (!rate || !rateUnits(rate)) return { reason: `No exchange rate for ${supplier.currency} is set for ${supplier.name}`, alert: 'setup' };
  return { rate };
}

/**
 * Sends to the supplier, once: what stands in the way first (`sendingBlocked`: such an order goes
 * to a person and its plan stops), then the move to delivering (attempt 1, with the `max_price` in
 * the supplier's currency) is written before the call, so that a second sender finds it sent; the
 * answer goes through the state machine, and a lost one is asked about later, never sent again.
 */
async function sendToSupplier(order: PlanOrder): Promise<PlanOrder> {
  const delivery = order.delivery!;
  const supplier = suppliers[delivery.supplier ?? ''];
  if (!supplier) return fallBack(order, 'fallBack', `No supplier named ${delivery.supplier}`);
  const blocked = await sendingBlocked(order, supplier);
  if ('reason' in blocked) return fallBack(order, 'fallBack', blocked.reason, { pausePlan: true, alert: blocked.alert });
  const sent = await moveDelivery(order, 'send', (current, now) => ({
    delivery: {
      attempts: current.delivery!.attempts + 1,
      sentAt: now,
      firstSentAt: now,
      maxPrice: blocked.rate ? supplierUnitsOf(current.delivery!.cost ?? 0, blocked.rate) : current.delivery!.cost,
      currency: supplier.currency,
      rate: blocked.rate,
    },
  }));
  if (!sent.moved) return sent.order;
  return applyOutcome(sent.order, await supplier.topUp(topUpRequest(sent.order)));
}

/**
 * Starts an order's automatic delivery, right after it was placed (the wallet order's request, the
 * payment's settle step) or by the delivery job when that did not happen: from stock, or through
 * the supplier. Orders without one, or past it, are answered as they are.
 */
export async function startDelivery(order: PlanOrder): Promise<PlanOrder> {
  if (order.status !== 'pending' || order.delivery?.state !== 'queued') return order;
  return order.delivery.mode === 'stock' ? deliverFromStock(order) : sendToSupplier(order);
}

/**
 * An operator takes an open automatic delivery over by hand (having checked the supplier's panel),
 * once: it falls back to the operators' queue with their remark and `alsoWrite` (the audit entry),
 * and an outcome the supplier reports after it changes nothing.
 */
export async function takeOverDelivery(order: PlanOrder, remark: string, alsoWrite: TransactionItem[]): Promise<PlanOrder> {
  const { order: after, moved } = await moveDelivery(order, 'fallBack', () => ({
    delivery: { reason: `Taken over by an operator: ${remark}` },
    alsoWrite,
  }));
  if (moved) return after;
  throw new Conflict(
    after.delivery && isOpen(after.delivery.state) && after.status === 'pending'
      ? 'The delivery moved meanwhile: read the order again'
      : 'This order has no automatic delivery under way',
  );
}

/**
 * Starts a delivery after the order's own write: from stock at once, so that the shopper sees the
 * code in the answer; a supplier's top-up is sent by the dispatcher (orders/jobs/dispatch-deliveries.ts,
 * fed the new order by the table's stream), whose calls leave from the stage's fixed address. A
 * failure here is logged and left to the delivery job, never to the payer.
 */
export async function startDeliveryAfterPlacing(order: PlanOrder): Promise<PlanOrder> {
  if (order.delivery?.mode !== 'stock') return order;
  try {
    return await startDelivery(order);
  } catch (error) {
    logger.error('delivery not started; the delivery job takes it up', { orderId: order.orderId, error: error as Error });
    return order;
  }
}

/**
 * Asks the supplier where an order's top-up stands, once per due attempt: the attempt is claimed
 * first (attempts + 1, conditioned on the count read), so that parallel runs make one call between
 * them, and the answer goes through the state machine. A top-up the supplier can no longer be asked
 * about (`pastAskingWindow`) goes to a person instead of being asked.
 */
async function inquire(order: PlanOrder, now = Date.now()): Promise<PlanOrder> {
  const delivery = order.delivery!;
  const supplier = suppliers[delivery.supplier ?? ''];
  if (!supplier || delivery.mode !== 'supplier') return order;
  if (pastAskingWindow(delivery.firstSentAt ?? order.paidAt, now, supplier.askableForDays))
    return fallBack(
      order,
      'fallBack',
      `${supplier.name} can be asked about a top-up for ${supplier.askableForDays} days only: check its panel`,
    );
  const at = new Date().toISOString();
  const claim = { to: delivery.state, delivery: { attempts: delivery.attempts + 1, sentAt: at } };
  try {
    await transact([deliveryMoveItem(order, claim, at)]);
  } catch (error) {
    if (error instanceof TransactionCancelled) return order;
    throw error;
  }
  const asked: PlanOrder = { ...order, delivery: { ...delivery, ...claim.delivery } };
  return applyOutcome(asked, await supplier.inquire(topUpRequest(asked)));
}

/** What one run of the delivery job did. */
export interface DeliveryRunOutcome {
  open: number;
  started: number;
  asked: number;
  delivered: number;
  failed: number;
  toQueue: number;
  /** Orders whose step threw (logged); the next run tries them again. */
  errors: number;
}

/** The least time between two calls about one top-up at the order's supplier (a minute where it names none). */
const spacingOf = (order: PlanOrder) => suppliers[order.delivery?.supplier ?? '']?.callSpacingSeconds ?? 60;

/**
 * The delivery job (every minute, like the payment reconciler): every open automatic delivery
 * that is due, oldest first in small parallel batches, is started (queued ones whose dispatch
 * never happened) or asked about (sent or lost ones, no sooner than the supplier's spacing and
 * less often as they age). Overlapping runs are harmless: every step is claimed by a conditional
 * write before any supplier call.
 */
export async function advanceDeliveries(options: {
  batchSize: number;
  timeForAnotherBatch: () => boolean;
  now?: number;
}): Promise<DeliveryRunOutcome> {
  const now = options.now ?? Date.now();
  const outcome: DeliveryRunOutcome = { open: 0, started: 0, asked: 0, delivered: 0, failed: 0, toQueue: 0, errors: 0 };
  let cursor: string | undefined;
  do {
    const page = await listOpenDeliveries({ cursor, limit: 100 });
    cursor = page.nextCursor ?? undefined;
    outcome.open += page.items.length;
    const due = page.items.filter((order) => order.delivery && dueForDelivery(order.delivery, order.paidAt, now, spacingOf(order)));
    for (let start = 0; start < due.length; start += options.batchSize) {
      if (!options.timeForAnotherBatch()) return outcome;
      const batch = due.slice(start, start + options.batchSize);
      const results = await Promise.allSettled(
        batch.map(async (order) => {
          const queued = order.delivery!.state === 'queued';
          outcome[queued ? 'started' : 'asked'] += 1;
          return queued ? startDelivery(order) : inquire(order, now);
        }),
      );
      for (const [i, result] of results.entries()) {
        if (result.status === 'rejected') {
          outcome.errors += 1;
          logger.error('delivery step failed', { orderId: batch[i]!.orderId, error: result.reason as Error });
          continue;
        }
        const state = result.value.delivery?.state;
        if (state === 'delivered') outcome.delivered += 1;
        else if (state === 'failed') outcome.failed += 1;
        else if (state === 'manual') outcome.toQueue += 1;
      }
    }
  } while (cursor);
  return outcome;
}

/**
 * How long a paid order may wait for its delivery before it counts as overdue: an automatic one is
 * sent at once and asked about within minutes (30 minutes is several inquiries that found nothing);
 * one in the operators' queue waits for a person (the shop promises no time, so an hour).
 */
export const overdueAfterMinutes = { automatic: 30, manual: 60 } as const;

/** Paid orders past their window: automatic deliveries still under way, and orders in the operators' queue. */
export interface OverdueOrders {
  automatic: number;
  manual: number;
}

/**
 * The paid orders not delivered past their window (`overdueAfterMinutes`): two count-only Queries
 * of gsi1, in parallel, each reading only the orders older than its window.
 */
export async function countOverdueOrders(now = Date.now()): Promise<OverdueOrders> {
  const before = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
  const [automatic, manual] = await Promise.all([
    countQueuedPaidBefore('delivering', before(overdueAfterMinutes.automatic)),
    countQueuedPaidBefore('pending', before(overdueAfterMinutes.manual)),
  ]);
  return { automatic, manual };
}

/**
 * A supplier's callback: a set-up ping is answered and nothing done; a report counts only with the
 * supplier's signature over its exact body, for a top-up we sent to it with the same player and
 * product, and then goes through the state machine as the supplier's own word (asking back at once
 * would break its spacing between calls). Replays and reports of closed orders change nothing.
 */
export async function receiveSupplierCallback(
  supplierName: string,
  headers: Record<string, string | undefined>,
  rawBody: string,
): Promise<void> {
  const supplier = suppliers[supplierName];
  if (!supplier) throw new NotFound('Supplier not found');
  const callback = await supplier.readCallback(headers, rawBody).catch(() => undefined);
  if (!callback) throw new Unauthorized('Invalid signature');
  if (callback.kind === 'ping') return;
  const order = await findOrder(callback.reference);
  const delivery = order?.delivery;
  // Only a top-up we sent can be reported on; a queued one is the dispatcher's, a closed one nobody's.
  if (!order || delivery?.supplier !== supplierName || delivery.state === 'queued' || !isOpen(delivery.state) || order.status !== 'pending')
    return;
  if (callback.playerId !== order.accountId || callback.sku !== delivery.sku) {
    logger.warn('supplier report does not match the order', { orderId: order.orderId, supplier: supplierName });
    return;
  }
  await applyOutcome(order, callback.outcome);
}

/**
 * Sets the exchange rate of a supplier's currency (its units one taka buys), with `alsoWrite` (the
 * operator's audit entry) in the same write; the next sends work their `max_price` out with it.
 */
export async function setExchangeRate(supplierName: string, rate: string, by: string, alsoWrite: TransactionItem[]): Promise<Supplier> {
  const supplier = suppliers[supplierName];
  if (!supplier) throw new NotFound('Supplier not found');
  await transact([supplierSettingsItem(supplier.name, { rate, updatedAt: new Date().toISOString(), updatedBy: by }), ...alsoWrite]);
  return supplier;
}

/**
 * What a supplier's status page in the console shows, kept fresh by the delivery job (whose calls
 * leave from the stage's fixed address): our deposit in its currency, or why it could not be read,
 * read again once older than `maxAgeMinutes`.
 */
export async function refreshSupplierStatus(maxAgeMinutes: number, now = Date.now()): Promise<void> {
  const records = await supplierRecords(Object.keys(suppliers));
  for (const supplier of Object.values(suppliers)) {
    const checkedAt = records.get(supplier.name)?.status?.checkedAt;
    if (checkedAt && now - Date.parse(checkedAt) < maxAgeMinutes * 60_000) continue;
    const at = new Date(now).toISOString();
    try {
      await putSupplierStatus(supplier.name, { balance: await supplier.balance(), error: '', egressAddress, checkedAt: at });
    } catch (error) {
      logger.warn('supplier balance not read', { supplier: supplier.name, error: (error as Error).message });
      await putSupplierStatus(supplier.name, {
        balance: null,
        error: (error as Error).message.slice(0, 200),
        egressAddress,
        checkedAt: at,
      });
    }
  }
}

/** The code a stock order was delivered with, for its shopper and for an operator (audited by the caller). */
export const deliveredCode = (order: PlanOrder): string => order.delivery?.code ?? '';

/** Nickname checks one user may make in ten minutes, and one address (the check is an enumeration oracle). */
const lookupsPerUser: RateLimit = { name: 'lookup-user', max: 30, windowSeconds: 600, message: tryAgainIn('Too many player checks.') };
const lookupsPerAddress: RateLimit = {
  name: 'lookup-address',
  max: 120,
  windowSeconds: 600,
  message: tryAgainIn('Too many player checks from this network.'),
};

/** How long a nickname check is kept: a found player for ten minutes, a missing one for two (a typo fixed a moment later). */
const lookupSeconds = { found: 600, missing: 120 };

/**
 * The player behind an ID of a game, before paying: from the short-lived cache, else from the
 * game's lookup (which is then cached). A found player is also kept in the shopper's partition,
 * where their order's one batch read finds it and records the name. 404 when there is no such
 * player; 503 when the game has no lookup or it cannot answer (the shop confirms without a name).
 */
export async function lookUpPlayerName(
  user: ActiveUser,
  clientIp: string,
  masterCategoryId: string,
  playerId: string,
): Promise<PlayerLookupEntry> {
  const [[cachedItem, gameItem]] = await Promise.all([
    batchGet([playerLookupKey(masterCategoryId, playerId), masterCategoryKey(masterCategoryId)]),
    takeAttempt(lookupsPerUser, user.id),
    takeAttempt(lookupsPerAddress, clientIp),
  ]);
  if (!gameItem) throw new NotFound('Game not found');
  const game = masterCategoryFromItem(gameItem);
  let entry = playerLookupFromItem(cachedItem);
  if (!entry) {
    if (!game.lookupCode) throw new ServiceUnavailable('There is no player check for this game');
    try {
      const result = await lookUpPlayer(game.lookupCode, playerId);
      entry = result.found
        ? { found: true, playerName: result.playerName, region: result.region, masterCategoryId }
        : { found: false, playerName: '', region: '', masterCategoryId };
    } catch (error) {
      if (!(error instanceof LookupUnavailable)) throw error;
      logger.warn('player lookup unavailable', { masterCategoryId, reason: error.message });
      throw new ServiceUnavailable('The player check is not available right now');
    }
    await putPlayerLookup(entry, playerId, entry.found ? lookupSeconds.found : lookupSeconds.missing);
  }
  if (!entry.found) throw new NotFound('Player not found');
  await putShopperLookup(user.id, playerId, entry, lookupSeconds.found);
  return entry;
}
