import { dhakaDay } from '../../functions/contract/report-range';
import { planRefundEvent, planSaleEvent } from '../../functions/orders/report-events';
import { orderFromItem } from '../../functions/orders/repo';
import type { PlanOrder } from '../../functions/orders/types';
import type { RefundEvent, SaleEvent } from '../../functions/reports/events';
import { batchGet, queryAll } from '../../functions/shared/db';
import { fromItem } from '../../functions/shared/items';
import { pendingCodeOrderFromItem, pendingCodeOrderKey } from '../../functions/vouchers/pending-repo';
import type { VoucherOrder } from '../../functions/vouchers/repo';
import { codeSaleEvent } from '../../functions/vouchers/report-events';

/**
 * The orders of a Dhaka day as the reports count them (issue 42): each plan order's and code
 * sale's events, built by the same pure builders as the live path (orders/report-events.ts,
 * vouchers/report-events.ts) and dated as the live path dates them. The check (report-check.ts)
 * and the backfill (backfill.ts) both read a day through here, so they agree on what a day sold.
 */
export interface SoldOrder {
  /** `plan` (a PlanOrder, `ORDER#`) or `codes` (a VoucherOrder, `CODES#`). */
  kind: 'plan' | 'codes';
  orderId: string;
  userId: string;
  sale: SaleEvent;
  /** When the sale's event is dated: a wallet sale when placed, a gateway one when its payment settled. */
  saleAt: string;
  /** Its refund, where it was refunded: the event and when. */
  refund?: { event: RefundEvent; at: string };
  /** The gateway's invoice that paid it, for a gateway sale. */
  invoiceId?: string;
}

/** Where a refunded plan order's money went: the method when a gateway refund was done, the wallet otherwise. */
const refundedTo = (order: PlanOrder): RefundEvent['to'] => (order.gatewayRefund?.state === 'done' ? 'method' : 'wallet');

/** A plan order's sale and refund, as the live path wrote them (orders/service.ts, payments/payables.ts, refunds and deliveries). */
function soldPlan(order: PlanOrder): SoldOrder {
  const gateway = order.paidFrom === 'gateway';
  return {
    kind: 'plan',
    orderId: order.orderId,
    userId: order.userId,
    sale: planSaleEvent(order, gateway ? order.receipt?.paymentMethod || 'gateway' : 'wallet'),
    saleAt: gateway ? order.paidAt : order.createdAt,
    ...(order.status === 'refunded' && order.refundedAt
      ? { refund: { event: planRefundEvent(order, refundedTo(order)), at: order.refundedAt } }
      : {}),
    ...(gateway && order.invoiceId ? { invoiceId: order.invoiceId } : {}),
  };
}

/** The voucher's brand, as the live path names it (the voucher's `masterCategoryId`), for the vouchers of wallet sales. */
async function brandsOf(voucherIds: string[]): Promise<Map<string, string>> {
  const brands = new Map<string, string>();
  const ids = [...new Set(voucherIds)];
  for (let start = 0; start < ids.length; start += 100) {
    const chunk = ids.slice(start, start + 100);
    const items = await batchGet(chunk.map((id) => ({ pk: `VOUCHER#${id}`, sk: '#META' })));
    for (const [index, id] of chunk.entries()) brands.set(id, String(items[index]?.masterCategoryId ?? ''));
  }
  return brands;
}

/**
 * The day's sold orders: one Query of the day index (gsi3 `DAY#<day>`), then BatchGetItems of the
 * vouchers' brands and of the guests' paid checkouts (`PVORDER#`: a guest's codes are paid through
 * the gateway, their receipt and settle time kept there).
 */
export async function soldOrdersOfDay(day: string): Promise<SoldOrder[]> {
  const items = await queryAll({ index: 'gsi3', key: 'gsi3pk', value: `DAY#${day}` });
  const plans = items.filter((item) => item.entity === 'PlanOrder').map(orderFromItem);
  const codes = items.filter((item) => item.entity === 'VoucherOrder').map((item) => fromItem<VoucherOrder>(item));
  const guests = codes.filter((order) => order.userId.startsWith('guest-'));
  const checkouts = new Map<string, ReturnType<typeof pendingCodeOrderFromItem>>();
  for (let start = 0; start < guests.length; start += 100) {
    const chunk = guests.slice(start, start + 100);
    const found = await batchGet(chunk.map((order) => pendingCodeOrderKey(order.userId, order.orderId)));
    chunk.forEach((order, index) => {
      const item = found[index];
      if (item) checkouts.set(order.orderId, pendingCodeOrderFromItem(item));
    });
  }
  const brands = await brandsOf(codes.filter((order) => !checkouts.has(order.orderId)).map((order) => order.voucherId));
  const soldCodes = codes.map((order): SoldOrder => {
    const checkout = checkouts.get(order.orderId);
    if (checkout)
      return {
        kind: 'codes',
        orderId: order.orderId,
        userId: order.userId,
        sale: codeSaleEvent(order, checkout.brandId, checkout.receipt?.paymentMethod || 'gateway'),
        saleAt: checkout.settledAt ?? order.createdAt,
        ...(checkout.invoiceId ? { invoiceId: checkout.invoiceId } : {}),
      };
    return {
      kind: 'codes',
      orderId: order.orderId,
      userId: order.userId,
      sale: codeSaleEvent(order, brands.get(order.voucherId) ?? '', 'wallet'),
      saleAt: order.createdAt,
    };
  });
  return [...plans.map(soldPlan), ...soldCodes];
}

/** The Dhaka day an event of an order falls on. */
export const dayOf = (at: string) => dhakaDay(Date.parse(at));
