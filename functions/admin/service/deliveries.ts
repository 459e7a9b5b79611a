import { auditEntry, auditItem } from '../../audit/repo';
import { setExchangeRate } from '../../orders/delivery';
import { suppliers } from '../../suppliers/registry';
import { listOpenDeliveries } from '../../orders/delivery-repo';
import { listOrdersByStatus } from '../../orders/repo';
import type { PlanOrder } from '../../orders/types';
import { dhakaDay } from '../../shared/days';
import { homeCurrency, takaWorthOf } from '../../suppliers/exchange';
import { type SupplierSettings, type SupplierStatus, supplierRecords } from '../../suppliers/repo';
import type { ActiveUser } from '../../users/active-user';
import { catalogTree } from './catalog';
import type { ConsoleOrder } from './orders';

/** A supplier as the console shows it: its currency and rate, what the delivery job last found of it, and what it demands. */
export interface SupplierOverview {
  name: string;
  currency: string;
  needsFixedAddress: boolean;
  settings?: SupplierSettings;
  status?: SupplierStatus;
  /** The balance in whole taka at the rate set (rounded down); null without a balance or a rate. */
  balanceTaka: number | null;
}

/** What the Delivery view shows: open and failed automatic deliveries, paused plans, each supplier. */
export interface DeliveryOverview {
  open: ConsoleOrder[];
  failed: ConsoleOrder[];
  pausedPlans: Awaited<ReturnType<typeof catalogTree>>[number]['groups'][number]['plans'];
  suppliers: SupplierOverview[];
}

/** A balance in a supplier's currency as whole taka at `rate`, rounded down; null when either is missing. */
function balanceInTaka(currency: string, balance: number | null | undefined, rate: string | undefined): number | null {
  if (balance === null || balance === undefined) return null;
  if (currency === homeCurrency) return Math.floor(balance);
  return rate ? takaWorthOf(Math.floor(balance), rate) : null;
}

/**
 * The automatic deliveries that need an eye: the open ones (one page of the delivery queue,
 * oldest first), those that failed today (from the newest refunded orders), the plans whose
 * automatic delivery stopped, and each supplier with its rate and the balance the delivery job
 * last read (this function calls no supplier: their calls leave from the delivery functions' address).
 */
export async function deliveryOverview(now = Date.now()): Promise<DeliveryOverview> {
  const today = dhakaDay(now);
  const [open, refunded, tree, records] = await Promise.all([
    listOpenDeliveries({ limit: 100 }),
    listOrdersByStatus('refunded', false, { limit: 100 }),
    catalogTree(),
    supplierRecords(Object.keys(suppliers)),
  ]);
  const supplierOverviews = Object.values(suppliers).map((supplier): SupplierOverview => {
    const { settings, status } = records.get(supplier.name) ?? {};
    return {
      name: supplier.name,
      currency: supplier.currency,
      needsFixedAddress: supplier.needsFixedAddress,
      settings,
      status,
      balanceTaka: balanceInTaka(supplier.currency, status?.balance, settings?.rate),
    };
  });
  // The games' icons come with the catalog tree read here anyway.
  const icons = new Map(tree.map(({ category }) => [category.id, category.image]));
  const withIcon = (order: PlanOrder): ConsoleOrder => ({ ...order, gameIcon: icons.get(order.masterCategoryId) ?? '' });
  return {
    open: open.items.map(withIcon),
    failed: refunded.items
      .filter((order) => order.delivery?.state === 'failed' && order.refundedAt && dhakaDay(Date.parse(order.refundedAt)) === today)
      .map(withIcon),
    pausedPlans: tree.flatMap(({ groups }) => groups.flatMap(({ plans }) => plans.filter((plan) => plan.deliveryPaused))),
    suppliers: supplierOverviews,
  };
}

/** Sets the exchange rate of a supplier's currency (units per taka), audited in the same write; next sends use it. */
export async function setSupplierRate(admin: ActiveUser, supplierName: string, rate: string): Promise<void> {
  const currency = suppliers[supplierName]?.currency ?? '';
  await setExchangeRate(supplierName, rate, admin.id, [
    auditItem(auditEntry(admin.id, 'supplier.rate', supplierName, `1 taka = ${rate} ${currency}`)),
  ]);
}
