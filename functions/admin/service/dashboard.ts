import { countPendingOrders } from '../../orders/repo';
import { dhakaDay } from '../../shared/days';
import { listAllVouchers } from '../../vouchers/repo';
import { countPendingTopUps } from '../../wallet/repo';
import { type DayActivity, listDayActivity } from '../repo';
import { lowStockMark } from '../../vouchers/inventory';

/** The day's figures from its activity: orders placed (refunds not in the sum), codes sold, top-ups credited. */
export function dayFigures(activity: DayActivity[]) {
  const figures = { orders: 0, ordersAmount: 0, codesSold: 0, codesAmount: 0, topUps: 0, topUpsAmount: 0 };
  for (const item of activity) {
    if (item.kind === 'ORDER') {
      figures.orders += 1;
      if (item.status !== 'refunded') figures.ordersAmount += item.price ?? 0;
    } else if (item.kind === 'CODES') {
      figures.codesSold += item.qty ?? 0;
      figures.codesAmount += (item.unitPrice ?? 0) * (item.qty ?? 0);
    } else if (item.status === 'completed') {
      figures.topUps += 1;
      figures.topUpsAmount += item.amount ?? 0;
    }
  }
  return figures;
}

/** The value below which `share` of the sorted values fall (nearest rank); null for none. */
export function percentile(sorted: number[], share: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}

/** Today's delivered orders, automatic (stock or supplier) or by hand, and the minutes from payment to delivery (median, 90th percentile). */
export function deliveryFigures(activity: DayActivity[]) {
  const delivered = activity.filter((item) => item.kind === 'ORDER' && item.status === 'completed' && item.paidAt && item.completedAt);
  const minutes = delivered
    .map((item) => (Date.parse(item.completedAt!) - Date.parse(item.paidAt!)) / 60_000)
    .sort((a, b) => a - b)
    .map((value) => Math.round(value * 10) / 10);
  const automatic = delivered.filter((item) => item.automatic).length;
  return { automatic, manual: delivered.length - automatic, medianMinutes: percentile(minutes, 0.5), p90Minutes: percentile(minutes, 0.9) };
}

/**
 * The operators' home: today's figures (the calendar day in Asia/Dhaka), the queues that wait,
 * and the vouchers running out. Four reads in parallel, none a scan: the day index, two queue
 * counts, the voucher listing.
 */
export async function dashboard(now = Date.now()) {
  const day = dhakaDay(now);
  const [activity, pendingOrders, pendingTopUps, vouchers] = await Promise.all([
    listDayActivity(day),
    countPendingOrders(),
    countPendingTopUps(),
    listAllVouchers(),
  ]);
  return {
    day,
    today: dayFigures(activity),
    deliveries: deliveryFigures(activity),
    pendingOrders,
    pendingTopUps,
    lowStock: vouchers.filter((voucher) => voucher.stock <= lowStockMark).sort((a, b) => a.stock - b.stock),
  };
}

export type DashboardFigures = Awaited<ReturnType<typeof dashboard>>;
