import type { Language } from '../contract/fields';
import { type GuestContact, type OrderAccountFields, isPlayerIdGroup } from '../contract/rules';
import { type Plan, planFromItem, planKey, planOnSaleCheckItem, recordedCost } from '../catalog/repo';
import { settingsFromItem, settingsKey, shopOpenCheckItem } from '../content/repo';
import { GatewayError, checkoutLinks } from '../gateway/port';
import { limitCheckoutStart, tooManyOpenCheckouts } from '../gateway/limits';
import { gateways } from '../gateway/registry';
import { openCheckoutItem, pendingPaymentKeys } from '../gateway/repo';
import { orderDeliveredNotice, orderPaidNotice, orderRefundedNotice } from '../notifications/events';
import { batchGet } from '../shared/db';
import { Conflict, Invalid, NotFound } from '../shared/errors';
import { releaseUseItems } from '../promotions/repo';
import { type Quote, codeDiscountOf } from '../promotions/rules';
import {
  type Customer,
  type PromoUse,
  accountHasOrdered,
  heldUseOf,
  pricePromo,
  promoRequest,
  promoUseItems,
  promoUseRefusal,
  buyerOf,
  customerMarks,
  customerRequest,
  saleForBuyer,
  saleLine,
  saleUnitRefused,
  shardWasFull,
  retakeOnAnotherShard,
} from '../promotions/service';
import { type HoldReason, holdFor } from '../risk/holds';
import { deviceLinkItem } from '../risk/repo';
import { type RequestOrigin, type VelocityCheck, identityOf, orderHoldReasons, riskRequest, velocityCheck } from '../risk/service';
import { creationStamp } from '../shared/ids';
import { retrying } from '../shared/retry';
import { seal } from '../shared/sealed';
import { TransactionCancelled, type TransactionItem, transact } from '../shared/transactions';
import type { ActiveUser } from '../users/active-user';
import { activeUserCheckItem } from '../users/repo';
import { changeBalance } from '../wallet/money';
import { balanceChangeItems, getWallet, walletFromItem, walletKey } from '../wallet/repo';
import { deliveryFor, startDeliveryAfterPlacing } from './delivery';
import { type Purchaser, orderLinkItem } from './guests';
import { planRefundEventItem, planSaleEventItem } from './report-events';
import { placedAlertItems, placedHeld, placedHoldEventItems } from './holds';
import { type OrderMove, moveBlocked, movedSinceSeen, nextStatus, orderAccount } from './order-rules';
import { type ShopperLookup, playerLookupFromItem, shopperLookupKey } from './lookup-repo';
import { listPlayerIds, rememberedPlayerIdItems } from './player-id-repo';
import { getOrder, getPendingOrder, listAwaitingOrders, listOrders, newOrderItem, newPendingOrderItem, orderStatusItem } from './repo';
import type { OrderStatus, PendingOrder, PlanOrder } from './types';

export interface PlanOrderInput extends OrderAccountFields {
  planId: string;
  /** What the shopper was shown as the total; the server's own quote is what is charged. */
  price: number;
  /** A promo code (spec: coupan_code); empty or absent: none. */
  coupanCode?: string;
}

/**
 * Reads, in one BatchGetItem, everything a plan purchase decides on: the plan, the buyer's wallet,
 * the shop's settings, the blocklist's entries for the buyer's identities and the risk settings,
 * the buyer's customer marks and a promo code's items; applies the refusals that come before any
 * write, and prices the order (a total other than the one the shopper saw: 409, nothing written).
 */
async function purchaseContext(user: Purchaser, input: PlanOrderInput, origin: RequestOrigin) {
  const playerId = input.saccount_id?.trim() ?? '';
  const buyer = buyerOf(user, playerId);
  const promo = promoRequest(input.coupanCode, buyer);
  const customerRead = customerRequest({ ...buyer, userId: user.id });
  const identity = identityOf(user, origin, playerId);
  const risk = riskRequest(identity);
  const ownKeys = [planKey(input.planId), walletKey(user.id), settingsKey(), ...(playerId ? [shopperLookupKey(user.id, playerId)] : [])];
  const items = await batchGet([...ownKeys, ...risk.keys, ...customerRead.keys, ...(promo?.keys ?? [])]);
  const [planItem, walletItem, settingsItem] = items;
  const lookupItem = playerId ? items[3] : undefined;
  const customerAt = ownKeys.length + risk.keys.length;
  const customer = customerRead.read(items.slice(customerAt));
  if (!planItem) throw new NotFound('Plan not found');
  const settings = settingsItem && settingsFromItem(settingsItem);
  if (settings?.shopStatus !== 1) throw new Conflict(settings?.closedMessage || 'The shop is closed right now');
  const riskSettings = risk.read(items.slice(ownKeys.length));
  const plan = planFromItem(planItem);
  if (plan.status !== 1) throw new Conflict('This plan is out of stock');
  const now = Date.now();
  // A running sale with a cap is read once more (its shards, the buyer's counts); without one, nothing.
  const sale = await saleForBuyer(plan.sales, buyer, now);
  const line = saleLine({ gameId: plan.masterCategoryId, planId: plan.id, cost: recordedCost(plan) }, plan.price, 1, sale);
  const { quote, use } = pricePromo(promo, items.slice(customerAt + customerRead.keys.length), line, now, sale, customer);
  if (quote.total !== input.price)
    throw new Conflict('Price changed, please review your order', { price: plan.price, data: { total: quote.total } });
  const lookup = playerLookupFromItem(lookupItem);
  const player = lookup?.found && lookup.masterCategoryId === plan.masterCategoryId ? lookup : undefined;
  return { plan, wallet: walletFromItem(walletItem), player, quote, use, customer, riskSettings, identity };
}

/**
 * The order to record, with the game-account secrets sealed, its automatic delivery (the intent,
 * written with the order) and the player's name when the shopper checked it before paying.
 */
async function draftOrder(
  user: Purchaser,
  plan: Plan,
  input: PlanOrderInput,
  paidFrom: PlanOrder['paidFrom'],
  player: ShopperLookup | undefined,
  origin: RequestOrigin,
): Promise<PlanOrder> {
  const { id, createdAt } = creationStamp();
  const account = orderAccount(plan, input);
  return {
    orderId: id,
    userId: user.id,
    planId: plan.id,
    planName: plan.name,
    groupName: plan.groupName,
    gameName: plan.gameName,
    masterCategoryId: plan.masterCategoryId,
    price: plan.price,
    paidFrom,
    status: 'pending',
    accountType: account.accountType,
    accountId: account.accountId,
    sealedSecret: account.secret ? await seal(JSON.stringify(account.secret)) : undefined,
    remark: '',
    createdAt,
    paidAt: createdAt,
    delivery: deliveryFor(plan, account.accountType),
    ...(origin.deviceId ? { deviceId: origin.deviceId } : {}),
    ...(player && !account.accountType ? { playerName: player.playerName, playerRegion: player.region } : {}),
  };
}

/** What a quote makes of an order: the price charged, and a code's use with the list price it was taken off. */
const pricedFields = (
  quote: Quote,
  use: PromoUse | undefined,
): Pick<PlanOrder, 'price' | 'coupanCode' | 'discount' | 'listPrice' | 'saleId'> => ({
  price: quote.total,
  ...(quote.total !== quote.price ? { listPrice: quote.price } : {}),
  ...(quote.discount > 0 ? { coupanCode: quote.coupanCode, discount: quote.discount } : {}),
  ...(use?.sale ? { saleId: use.sale.id } : {}),
});

/** The link of the buyer's device to their account, written with each purchase (the linkage counts). */
const deviceLinkItems = (order: PlanOrder): TransactionItem[] =>
  order.deviceId ? [deviceLinkItem(order.deviceId, order.userId, order.createdAt)] : [];

/** A refunded order's promo code use given back, where the code says so (once: the refund's own status move). */
export const promoReturnItems = (order: PlanOrder, now: string): TransactionItem[] =>
  order.promoUse?.returnsOnRefund ? releaseUseItems(order.promoUse, order.orderId, now, 'paid') : [];

/**
 * A plan order paid from the wallet: one transaction debits the wallet (version-checked, so the
 * balance can never go below zero or be overwritten), writes the ledger entry and the order (with
 * its automatic delivery's intent), and re-checks the user, the shop and the plan's price. A lost
 * race re-reads and tries again. An automatic order is then delivered at once where it can be.
 */
export async function placeWalletOrder(user: ActiveUser, input: PlanOrderInput, origin: RequestOrigin): Promise<PlanOrder> {
  return startDeliveryAfterPlacing(await recordWalletOrder(user, input, origin));
}

async function recordWalletOrder(user: ActiveUser, input: PlanOrderInput, origin: RequestOrigin): Promise<PlanOrder> {
  // A promo code's shard found full (or the code paused) is read again once, and the next try takes that answer.
  let retaken: PromoUse | undefined;
  try {
    return await retrying(
      async () => {
        const context = await purchaseContext(user, input, origin);
        const { plan, wallet, player, quote, customer, riskSettings } = context;
        const use = retaken ?? context.use;
        const drafted = await draftOrder(user, plan, input, 'wallet', player, origin);
        const reasons = orderHoldReasons(riskSettings, user, { price: quote.total, returning: accountHasOrdered(customer) });
        const order = placedHeld(
          { ...drafted, ...pricedFields(quote, use), promoUse: heldUseOf(use, quote) },
          holdFor(reasons, riskSettings.reviewWithinMinutes, drafted.createdAt),
        );
        const marks = customerMarks(customer, use, order.orderId, order.createdAt, 'paid');
        const change = changeBalance(wallet, -order.price, 'plan-order', order.orderId, codeDiscountOf(quote));
        const items = [
          ...balanceChangeItems(user.id, change, order.createdAt),
          newOrderItem(order),
          ...placedAlertItems(order),
          ...placedHoldEventItems(order),
          ...rememberedPlayerIdItems(order),
          ...deviceLinkItems(order),
          activeUserCheckItem(user),
          shopOpenCheckItem(),
          planOnSaleCheckItem(plan),
          orderPaidNotice(order, order.createdAt),
          planSaleEventItem(order, 'wallet', order.createdAt),
        ];
        const useItems = promoUseItems(use, {
          ...order,
          discount: quote.price - quote.total,
          total: quote.total,
          at: order.createdAt,
          status: 'paid',
        });
        const useAt = items.length;
        try {
          await transact([...items, ...useItems, ...marks.items]);
        } catch (error) {
          if (!(error instanceof TransactionCancelled)) throw error;
          const refusal = promoUseRefusal(error, use, useAt) ?? marks.refusal(error, useAt + useItems.length);
          if (refusal) throw refusal;
          retaken = shardWasFull(error, use, useAt) ? await retakeOnAnotherShard(use!) : undefined;
          throw error;
        }
        return order;
      },
      (error) => error instanceof TransactionCancelled,
      10,
    );
  } catch (error) {
    if (error instanceof TransactionCancelled) throw new Conflict('The shop is busy right now, please try again');
    throw error;
  }
}

/**
 * A plan order paid through the gateway: the checkout opens first, at the stage's gateway, then the
 * pending order is recorded with its gateway and payment link (its invoice id comes later, with the payer or the webhook); only the settle step (webhook, return or reconciler) turns it into
 * an order for fulfilment. If the record fails, the payer never sees the payment link.
 */
export async function startGatewayOrder(
  user: Purchaser,
  input: PlanOrderInput,
  origin: RequestOrigin,
  guest?: GuestCheckout,
): Promise<{ paymentUrl: string; orderId: string }> {
  const { plan, player, quote, use, customer, riskSettings, identity } = await purchaseContext(user, input, origin);
  // A game-account login's password is handed to the operators: only an account may do that.
  if (guest && !isPlayerIdGroup(plan.groupName)) throw new Invalid('Top-ups by game-account login need an account: sign in first');
  const velocity = velocityCheck(riskSettings, identity, user, quote.total);
  await limitCheckoutStart(user.id, origin.clientIp, guest !== undefined);
  const order: PlanOrder = {
    ...(await draftOrder(user, plan, input, 'gateway', player, origin)),
    ...pricedFields(quote, use),
    persons: customer.persons,
    ...(guest ? { guest: { contact: guest.contact, language: guest.language } } : {}),
  };

  const risk: CheckoutRisk = {
    velocity,
    reasons: orderHoldReasons(riskSettings, user, { price: quote.total, returning: accountHasOrdered(customer) }, velocity),
    reviewWithinMinutes: riskSettings.reviewWithinMinutes,
  };
  const reference = { kind: 'order' as const, userId: user.id, id: order.orderId };
  const gateway = gateways.forCheckout;
  const { paymentUrl } = await gateway
    .createCheckout({
      fullName: user.name,
      // The gateway asks for an e-mail; a guest who gave a number has none, so the shop's own placeholder stands in.
      email: user.email || `${user.id}@guest.invalid`,
      amount: order.price,
      metadata: reference,
      ...checkoutLinks(gateway, guest ? '/order/return' : '/profile/userOrder', reference),
    })
    .catch((error: unknown) => {
      throw error instanceof GatewayError ? error.toShopperError() : error;
    });
  await recordGatewayOrder(
    {
      order,
      paymentStatus: 'pending',
      gateway: gateway.name,
      paymentUrl,
      createdAt: order.createdAt,
      ...(guest ? { linkToken: guest.token } : {}),
    },
    quote,
    use,
    customer,
    risk,
    guest ? [orderLinkItem(guest.token, order, order.createdAt)] : [],
  );
  return { paymentUrl, orderId: order.orderId };
}

/** A guest's checkout: the contact the receipt and the link go to, their language, and the link's secret. */
export interface GuestCheckout {
  contact: GuestContact;
  language: Language;
  token: string;
}

/** A gateway checkout's fraud rules: its velocity counters, and the hold reasons known before any write. */
interface CheckoutRisk {
  velocity: VelocityCheck;
  reasons: HoldReason[];
  reviewWithinMinutes: number;
}

/**
 * Records a gateway order waiting for its payment, with the open checkout it counts as, the
 * promo code's use it holds until the payment settles (given back if it is cancelled, fails or
 * expires: payments/payables.ts) and its velocity counters. A full shard takes the use on another,
 * at most five times. A hold rule's limit reached makes it a held order (placed held when paid);
 * a refusing rule's, a 409.
 */
async function recordGatewayOrder(
  pending: PendingOrder,
  quote: Quote,
  use: PromoUse | undefined,
  customer: Customer,
  risk: CheckoutRisk,
  alsoWrite: TransactionItem[],
): Promise<void> {
  const { order } = pending;
  const reference = { kind: 'order' as const, userId: order.userId, id: order.orderId };
  let held = use;
  let velocityMode: 'strict' | 'refuseOnly' = 'strict';
  let reasons = risk.reasons;
  for (let attempt = 1; ; attempt += 1) {
    const record = [
      newPendingOrderItem(
        {
          ...pending,
          order: { ...order, promoUse: heldUseOf(held, quote) },
          hold: holdFor(reasons, risk.reviewWithinMinutes, order.createdAt),
        },
        pendingPaymentKeys(reference, order.createdAt),
      ),
      openCheckoutItem(order.userId),
      ...deviceLinkItems(order),
      ...alsoWrite,
    ];
    const useLine = {
      orderId: order.orderId,
      userId: order.userId,
      discount: quote.price - quote.total,
      total: quote.total,
      at: order.createdAt,
    };
    const useItems = promoUseItems(held, { ...useLine, status: 'held' });
    const marks = customerMarks(customer, held, order.orderId, order.createdAt, 'held');
    const velocityAt = record.length + useItems.length + marks.items.length;
    try {
      await transact([...record, ...useItems, ...marks.items, ...risk.velocity.items(velocityMode, order.createdAt)]);
      return;
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      if (risk.velocity.failed(error, velocityAt)) {
        const holdReasons = velocityMode === 'strict' ? risk.velocity.holdReasonsAfter(error, velocityAt) : [];
        if (holdReasons.length === 0) throw risk.velocity.refusal();
        velocityMode = 'refuseOnly';
        reasons = [...reasons, ...holdReasons];
        continue;
      }
      const refusal =
        promoUseRefusal(error, held, record.length) ??
        marks.refusal(error, record.length + useItems.length) ??
        tooManyOpenCheckouts(error, 1);
      if (refusal) throw refusal;
      // The sale's last units, or the buyer's, went meanwhile: this checkout's price is gone (nothing is held; its payment link is never shown).
      if (saleUnitRefused(error, held, record.length))
        throw new Conflict('Price changed, please review your order', { data: { total: quote.price } });
      if (!shardWasFull(error, held, record.length) || attempt >= 5) throw new Conflict('The shop is busy right now, please try again');
      held = await retakeOnAnotherShard(held!);
    }
  }
}

/** A user's order: placed, or a gateway order not placed yet, with its payment. */
export interface OrderEntry {
  order: PlanOrder;
  /** The payment of a gateway order not placed yet: waiting, or cancelled. */
  gatewayPayment?: PendingOrder;
}

/**
 * The signed-in user's orders, newest first by when each was placed: the paid ones and the
 * gateway orders still waiting for their payment, in one list.
 */
export async function orderHistory(user: ActiveUser): Promise<OrderEntry[]> {
  const [awaiting, orders] = await Promise.all([listAwaitingOrders(user.id), listOrders(user.id)]);
  const entries: OrderEntry[] = [
    ...awaiting.map((pending) => ({ order: pending.order, gatewayPayment: pending })),
    ...orders.map((order) => ({ order })),
  ];
  return entries.sort((a, b) => b.order.createdAt.localeCompare(a.order.createdAt) || b.order.orderId.localeCompare(a.order.orderId));
}

/** A user's order: placed, or a gateway order whose payment is still waiting or was cancelled (never placed). */
export const orderOf = (user: ActiveUser, orderId: string): Promise<OrderEntry> => orderEntryOf(user.id, orderId);

/** An order of a partition (an account's, or a guest contact's), as `orderOf` answers it. */
export async function orderEntryOf(userId: string, orderId: string): Promise<OrderEntry> {
  const [order, pending] = await Promise.all([getOrder(userId, orderId), getPendingOrder(userId, orderId)]);
  if (order) return { order };
  if (pending && pending.paymentStatus !== 'completed') return { order: pending.order, gatewayPayment: pending };
  throw new NotFound('Order not found');
}

/** The signed-in user's recent player IDs for a game, the most recently used first. */
export function playerIdsOf(user: ActiveUser, masterCategoryId: string) {
  return listPlayerIds(user.id, masterCategoryId);
}

/** The status a move takes an order to, or a 409 saying where the order already is (`nextStatus`). */
export function requireMove(order: Pick<PlanOrder, 'status'>, move: OrderMove): Exclude<OrderStatus, 'pending'> {
  const outcome = nextStatus(order.status, move);
  if ('refused' in outcome) throw new Conflict(outcome.refused);
  return outcome.status;
}

/**
 * `requireMove`, and a 409 while a refund to the payment method or an open delivery owns the
 * order's money (`moveBlocked`), or when the order moved since the operator saw it (`seen`).
 */
export function requireMoveNow(order: PlanOrder, move: OrderMove, seen?: OrderStatus): Exclude<OrderStatus, 'pending'> {
  const to = requireMove(order, move);
  const blocked = moveBlocked(order, move) ?? movedSinceSeen(order, seen);
  if (blocked) throw new Conflict(blocked);
  return to;
}

/** What a move of an order adds to its own transaction: an operator's audit entry. */
type AlsoWrite = TransactionItem[];

/**
 * Moves an order (as read) exactly once: one transaction of its status change (conditioned on the
 * status read and on nothing else owning its money; the game-account secret goes with it), the
 * items `effect` adds (a refund's credit) and `alsoWrite`. A cancelled transaction (another
 * operator, a racing click, a wallet change, a delivery or refund that moved first) is tried again
 * on a strongly consistent read, which then refuses with the order's real state.
 */
function moveOrder(
  read: PlanOrder,
  move: OrderMove,
  remark: string,
  alsoWrite: AlsoWrite,
  effect: (order: PlanOrder, now: string) => Promise<TransactionItem[]>,
  seen?: OrderStatus,
): Promise<PlanOrder> {
  return retrying(
    async (tryNumber) => {
      const order = tryNumber === 1 ? read : await getOrder(read.userId, read.orderId);
      if (!order) throw new NotFound('Order not found');
      const to = requireMoveNow(order, move, seen);
      const now = new Date().toISOString();
      await transact([orderStatusItem(order, to, remark, now), ...(await effect(order, now)), ...alsoWrite]);
      return { ...order, status: to, remark, ...(to === 'completed' ? { completedAt: now } : { refundedAt: now }) };
    },
    (error) => error instanceof TransactionCancelled,
  );
}

/** Marks a pending order delivered, with an optional remark the shopper sees, and `alsoWrite` in the same transaction. */
export function completeOrder(order: PlanOrder, remark = '', alsoWrite: AlsoWrite = []): Promise<PlanOrder> {
  return moveOrder(order, 'complete', remark, alsoWrite, async (current, now) => [orderDeliveredNotice(current, false, now)]);
}

/**
 * Refunds an order (pending or completed) to the shopper's wallet, whatever it was paid with: the
 * shop does not push money back to bKash here (see payments/refunds.ts). The credit and its ledger
 * entry (reason `refund`, reference the order id) go in the same transaction as the status change
 * and `alsoWrite`. With `seen`, the status the operator saw: refused if the order moved since.
 */
export function refundOrder(order: PlanOrder, remark: string, alsoWrite: AlsoWrite = [], seen?: OrderStatus): Promise<PlanOrder> {
  return moveOrder(order, 'refund', remark, alsoWrite, refundEffectItems(remark), seen);
}

/** A guest's order is refunded to the payment method that paid it: a guest has no wallet. */
const guestHasNoWallet = 'A guest has no wallet: refund this order to the payment method';

/** What a refund to the wallet writes beside the order's move: the credit, its ledger entry, the shopper's notice, the promo code's use given back. */
const refundEffectItems = (remark: string) => async (order: PlanOrder, now: string) => {
  if (order.guest) throw new Conflict(guestHasNoWallet);
  const change = changeBalance(await getWallet(order.userId), order.price, 'refund', order.orderId);
  return [
    ...balanceChangeItems(order.userId, change, now),
    orderRefundedNotice(order, { remark }, now),
    ...promoReturnItems(order, now),
    planRefundEventItem(order, 'wallet', now),
  ];
};

/**
 * The whole of a refund to the wallet of an order as read (a claim's rule writes it in its own
 * transaction): the order's move first (conditioned as `orderStatusItem` says), then its effects.
 */
export async function walletRefundItems(order: PlanOrder, remark: string, now: string): Promise<TransactionItem[]> {
  return [orderStatusItem(order, 'refunded', remark, now), ...(await refundEffectItems(remark)(order, now))];
}
