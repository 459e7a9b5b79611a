import type { AdminOrderRow, WireStatus } from '@contract/wire';
import type { ScopedMutator } from 'swr';
import type { OrderSort } from '../../../config/admin-paths';
import { removeFromLists, replaceInLists, useCursorList } from './cursor-list';

export interface OrderFilter {
  status: WireStatus;
  sort: OrderSort;
}

/** GET /admin/orders?status=&sort= : the first page's path of one filter (later pages add the cursor). */
export const ordersListKey = ({ status, sort }: OrderFilter) => `/admin/orders?status=${status}&sort=${sort}`;

const everyFilter: OrderFilter[] = (['0', '1', '2'] as const).flatMap((status) =>
  (['oldest', 'newest'] as const).map((sort) => ({ status, sort })),
);

/** How long a moved order stays in a list it no longer belongs to, showing its new status, before it leaves. */
const leaveAfterMs = 1500;

/** The plan orders of one status, a page at a time. */
export function useAdminOrders(filter: OrderFilter) {
  return useCursorList<AdminOrderRow>(ordersListKey(filter), (order) => order.order_id);
}

/**
 * Shows an order's new state in every cached orders list, in its place; a moment later it leaves
 * the lists of other statuses (a completed order leaves the pending queue). Lists of its new
 * status get it when they are next loaded.
 */
export async function putOrderInLists(mutate: ScopedMutator, order: AdminOrderRow): Promise<void> {
  const isOrder = (row: AdminOrderRow) => row.order_id === order.order_id;
  await replaceInLists<AdminOrderRow>(mutate, everyFilter.map(ordersListKey), isOrder, (row) => ({
    ...row,
    status: order.status,
    remark: order.remark,
  }));
  const elsewhere = everyFilter.filter((filter) => filter.status !== order.status).map(ordersListKey);
  window.setTimeout(() => void removeFromLists(mutate, elsewhere, isOrder), leaveAfterMs);
}
