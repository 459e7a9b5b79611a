/**
 * The delivery engine: an order's automatic delivery, from stock or through its supplier, moved
 * through the state machine (./delivery-rules.ts) once per event. The job that advances open
 * deliveries is ./delivery-job.ts; the nickname check before paying is ./player-names.ts.
 */
import { releaseUseItems } from '../promotions/repo';
import { type Plan, pauseDeliveryItem } from '../catalog/repo';
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
import { Conflict, NotFound, Unauthorized } from '../shared/errors';
import { logger } from '../shared/logger';
import { retrying } from '../shared/retry';
import { TransactionCancelled, type TransactionItem, transact } from '../shared/transactions';
import { homeCurrency, rateUnits, supplierUnitsOf, takaOf } from '../suppliers/exchange';
import type { RefusalAlert, Supplier, SupplierOutcome, TopUpRequest } from '../suppliers/port';
import { defaultSupplier, egressAddress, suppliers } from '../suppliers/registry';
import { supplierRecords, supplierSettingsItem } from '../suppliers/repo';
import { codeToClaim, tellLowStockAfterClaim } from '../vouchers/service';
import { changeBalance } from '../wallet/money';
import { balanceChangeItems, getWallet } from '../wallet/repo';
import { type DeliveryEvent, costGuard, isOpen, nextDeliveryState, pastAskingWindow } from './delivery-rules';
import { type DeliveryMove, deliveryMoveItem } from './delivery-repo';
import { getOrder, findOrder } from './repo';
import { deliveryOutcomeEventItem, planRefundEventItem } from './report-events';
import type { Delivery, PlanOrder } from './types';

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
  return [
    ...balanceChangeItems(order.userId, changeBalance(await getWallet(order.userId), order.price, 'refund', order.orderId), now),
    ...(order.promoUse?.returnsOnRefund ? releaseUseItems(order.promoUse, order.orderId, now, 'paid') : []),
    planRefundEventItem(order, 'wallet', now),
  ];
}

/** What falling back to a person adds: the plan stopped, an alert beside the queue's own, the supplier's failure counted. */
interface FallBackOptions {
  pausePlan?: boolean;
  alert?: RefusalAlert;
  supplierFailed?: boolean;
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
      ...(options.supplierFailed ? [deliveryOutcomeEventItem(current, 'failed', now)] : []),
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
        alsoWrite: [orderDeliveredNotice(current, false, now), deliveryOutcomeEventItem(current, 'delivered', now)],
      }));
      if (moved.moved) logger.info('delivered by the supplier', { orderId: order.orderId, supplier: order.delivery?.supplier });
      return moved.order;
    }
    case 'failed': {
      // A guest has no wallet to refund to: a person refunds the payment method.
      if (order.guest)
        return fallBack(order, 'fallBack', `The supplier could not deliver (${outcome.reason}); refund the guest's payment method`, {
          supplierFailed: true,
        });
      const moved = await moveDelivery(order, 'failed', async (current, now) => ({
        delivery: { reason: outcome.reason },
        remark: failureRemark(current, outcome.reason),
        alsoWrite: [
          ...(await refundItems(current, now)),
          orderRefundedNotice(current, { deliveryFailed: outcome.reason }, now),
          deliveryFailedAlert(current, outcome.reason, now),
          deliveryOutcomeEventItem(current, 'failed', now),
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
      // Counted for the supplier once per order: the first lost answer records when, and its event.
      return (
        await moveDelivery(order, 'lost', (current, now) => ({
          ...(current.delivery!.unknownAt ? {} : { delivery: { unknownAt: now } }),
          alsoWrite: [
            deliveryUnknownAlert(current, current.delivery!.attempts, now),
            ...(current.delivery!.unknownAt ? [] : [deliveryOutcomeEventItem(current, 'unknown', now)]),
          ],
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

/**
 * What stands between an order and its supplier before anything is sent: the cost guard (never
 * sell at or below cost), a supplier that answers only a whitelisted address where the stage has
 * none, a supplier pricing in another currency with no exchange rate set. Answers the fall back,
 * or the exchange rate to send with (undefined for a supplier pricing in taka).
 */
async function sendingBlocked(order: PlanOrder, supplier: Supplier): Promise<{ reason: string; alert?: RefusalAlert } | { rate?: string }> {
  // The plan's own price, not a promo code's total: the guard stops a mispriced plan, and a code's discount is a promotion's cost.
  const guard = costGuard(order.listPrice ?? order.price, order.delivery!.cost ?? 0);
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
export async function inquire(order: PlanOrder, now = Date.now()): Promise<PlanOrder> {
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

/** The code a stock order was delivered with, for its shopper and for an operator (audited by the caller). */
export const deliveredCode = (order: PlanOrder): string => order.delivery?.code ?? '';
