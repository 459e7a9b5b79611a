/** A plan order's report events (decision 0023): its sale and its refund, as the reports count them. */
import { type RefundEvent, type ReportedItem, type SaleEvent, reportEventItem } from '../reports/events';
import type { TransactionItem } from '../shared/transactions';
import type { PlanOrder } from './types';

type Reported = Pick<PlanOrder, 'orderId' | 'masterCategoryId' | 'gameName' | 'planId' | 'planName'>;
type Sold = Reported & Pick<PlanOrder, 'price' | 'listPrice' | 'discount' | 'coupanCode' | 'delivery'>;

const reportedPlan = (order: Reported): ReportedItem => ({
  kind: 'plan',
  gameId: order.masterCategoryId,
  gameName: order.gameName,
  id: order.planId,
  name: order.planName,
});

/** The sale of a plan order paid (from the wallet, or its gateway payment by `channel`): its list price, what came off it, what was paid, the supplier's cost. Pure: the live path and the backfill build it alike. */
export function planSaleEvent(order: Sold, channel: string): SaleEvent {
  const gross = order.listPrice ?? order.price + (order.discount ?? 0);
  return {
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
}

/** The refund of a plan order's price to the wallet or to the payment method. Pure, as above. */
export const planRefundEvent = (order: Reported & Pick<PlanOrder, 'price'>, to: RefundEvent['to']): RefundEvent => ({
  kind: 'refund',
  orderId: order.orderId,
  item: reportedPlan(order),
  amount: order.price,
  to,
});

/** A plan order paid: its sale's event item, for the transaction that records the payment. */
export function planSaleEventItem(order: Sold, channel: string, now: string): TransactionItem {
  return reportEventItem(planSaleEvent(order, channel), now);
}

/** A plan order's price refunded to the wallet or to the payment method: its event item, for the refund's transaction. */
export function planRefundEventItem(order: Reported & Pick<PlanOrder, 'price'>, to: RefundEvent['to'], now: string): TransactionItem {
  return reportEventItem(planRefundEvent(order, to), now);
}
