import { suppliers } from '../../orders/delivery';
import { type PlanOrder, listOpenDeliveries, listOrdersByStatus } from '../../orders/repo';
import { dhakaDay } from '../../shared/days';
import { logger } from '../../shared/logger';
import { catalogTree } from './catalog';
import type { ConsoleOrder } from './orders';

/** What the Delivery view shows: open and failed automatic deliveries, paused plans, each supplier's balance. */
export interface DeliveryOverview {
  open: ConsoleOrder[];
  failed: ConsoleOrder[];
  pausedPlans: Awaited<ReturnType<typeof catalogTree>>[number]['groups'][number]['plans'];
  suppliers: { name: string; reachable: boolean; balance: number | null }[];
}

/**
 * The automatic deliveries that need an eye: the open ones (one page of the delivery queue,
 * oldest first), those that failed today (from the newest refunded orders), the plans whose
 * automatic delivery stopped, and each supplier's balance (asked now; unreachable says so).
 */
export async function deliveryOverview(now = Date.now()): Promise<DeliveryOverview> {
  const today = dhakaDay(now);
  const [open, refunded, tree, balances] = await Promise.all([
    listOpenDeliveries({ limit: 100 }),
    listOrdersByStatus('refunded', false, { limit: 100 }),
    catalogTree(),
    Promise.all(
      Object.values(suppliers).map(async (supplier) => {
        try {
          return { name: supplier.name, reachable: true, balance: await supplier.balance() };
        } catch (error) {
          logger.warn('supplier balance not read', { supplier: supplier.name, error: (error as Error).message });
          return { name: supplier.name, reachable: false, balance: null };
        }
      }),
    ),
  ]);
  // The games' icons come with the catalog tree read here anyway.
  const icons = new Map(tree.map(({ category }) => [category.id, category.image]));
  const withIcon = (order: PlanOrder): ConsoleOrder => ({ ...order, gameIcon: icons.get(order.masterCategoryId) ?? '' });
  return {
    open: open.items.map(withIcon),
    failed: refunded.items
      .filter((order) => order.delivery?.state === 'failed' && order.refundedAt && dhakaDay(Date.parse(order.refundedAt)) === today)
      .map(withIcon),
    pausedPlans: tree.flatMap(({ groups }) => groups.flatMap(({ plans }) => plans.filter((plan) => plan.deliveryPaused))),
    suppliers: balances,
  };
}
