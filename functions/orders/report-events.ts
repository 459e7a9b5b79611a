/**
 * A plan order's report events (decision 0023): its sale and its refund, its supplier's outcome,
 * its claims and its holds, as the reports count them. Each change that happens once per order
 * (or per claim, or per hold) is written under an id of its own, so that a second write fails.
 */
import { type ClaimChangeEvent, type RefundEvent, type ReportedItem, type SaleEvent, reportEventItem } from '../reports/events';
import type { Hold } from '../risk/holds';
import type { TransactionItem } from '../shared/transactions';
import type { Claim } from './claim-rules';
import type { PlanOrder } from './types';

type Reported = Pick<PlanOrder, 'orderId' | 'masterCategoryId' | 'gameName' | 'planId' | 'planName'>;

const reportedPlan = (order: Reported): ReportedItem => ({
  kind: 'plan',
  gameId: order.masterCategoryId,
  gameName: order.gameName,
  id: order.planId,
  name: order.planName,
});

/** A plan order paid (from the wallet, or its gateway payment by `channel`): its list price, what came off it, what was paid, the supplier's cost. */
export function planSaleEventItem(
  order: Reported & Pick<PlanOrder, 'price' | 'listPrice' | 'discount' | 'coupanCode' | 'delivery'>,
  channel: string,
  now: string,
): TransactionItem {
  const gross = order.listPrice ?? order.price + (order.discount ?? 0);
  const event: SaleEvent = {
    kind: 'sale',
    orderId: order.orderId,
    item: reportedPlan(order),
    units: 1,
    gross,
    discount: gross - order.price,
    net: order.price,
    cost: order.delivery?.mode === 'supplier' ? (order.delivery.cost ?? 0) : 0,
    channel,
    ...(order.coupanCode ? { coupanCode: order.coupanCode } : {}),
  };
  return reportEventItem(event, now);
}

/** A plan order's price refunded to the wallet or to the payment method. */
export function planRefundEventItem(order: Reported & Pick<PlanOrder, 'price'>, to: RefundEvent['to'], now: string): TransactionItem {
  return reportEventItem({ kind: 'refund', orderId: order.orderId, item: reportedPlan(order), amount: order.price, to }, now);
}

/** Whole seconds from one time to a later one (never below zero). */
const secondsBetween = (from: string, to: string) => Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));

/**
 * A supplier's top-up delivered (with the seconds from paid to delivered) or failed, once per order
 * (`delivery#<outcome>`: the two close it, so only one of them is ever written); or its answer lost
 * (`delivery#unknown`: the caller writes it only where the order records no lost answer before).
 */
export function deliveryOutcomeEventItem(
  order: Pick<PlanOrder, 'orderId' | 'paidAt' | 'delivery'>,
  outcome: 'delivered' | 'failed' | 'unknown',
  now: string,
): TransactionItem {
  const supplier = order.delivery?.supplier ?? 'supplier';
  return reportEventItem(
    {
      kind: 'delivery',
      orderId: order.orderId,
      supplier,
      outcome,
      ...(outcome === 'delivered' ? { seconds: secondsBetween(order.paidAt, now) } : {}),
    },
    now,
    outcome,
  );
}

/** A claim raised: opened, and where a rule closed it at once, settled by rule too (`opened#<claimId>`, `settled#<claimId>`). */
export function claimRaisedEventItems(claim: Pick<Claim, 'orderId' | 'claimId' | 'status' | 'createdAt'>, now: string): TransactionItem[] {
  const opened: ClaimChangeEvent = { kind: 'claim', orderId: claim.orderId, change: 'opened' };
  return [
    reportEventItem(opened, now, `opened#${claim.claimId}`),
    ...(claim.status === 'closed' ? [claimSettledEventItem(claim, 'settled_by_rule', now)] : []),
  ];
}

/** A claim closed, by the shop's rule or by an operator, with the seconds it was open: once per claim (`settled#<claimId>`). */
export function claimSettledEventItem(
  claim: Pick<Claim, 'orderId' | 'claimId' | 'createdAt'>,
  change: 'settled_by_rule' | 'settled_by_hand',
  now: string,
): TransactionItem {
  return reportEventItem(
    { kind: 'claim', orderId: claim.orderId, change, seconds: secondsBetween(claim.createdAt, now) },
    now,
    `settled#${claim.claimId}`,
  );
}

/** An order held for review, or released: once per hold (`held#<hold's time>`, `released#<hold's time>`). */
export function holdEventItem(order: Pick<PlanOrder, 'orderId'>, hold: Pick<Hold, 'at'>, change: 'held' | 'released', now: string) {
  return reportEventItem({ kind: 'claim', orderId: order.orderId, change }, now, `${change}#${hold.at}`);
}
