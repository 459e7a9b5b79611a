/** A plan order's report events (decision 0023): its sale and its refund, as the reports count them. */
import { type RefundEvent, type ReportedItem, type SaleEvent, reportEventItem } from '../reports/events';
import type { TransactionItem } from '../shared/transactions';
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
