import type { AdminOrderRow } from '@contract/admin-wire';
import type { ScopedMutator } from 'swr';
import type { OrderSort } from '../../../../config/admin-paths';
import { type OrderStatus, type Worded, orderFromWire, statusToWire } from '../../../../lib/statuses';
import { readPagesWith, removeFromLists, replaceInLists, useCursorList } from '../../kit/api/cursor-list';

/** A plan order as the operators' queue shows it, its status a word. */
export type AdminOrder = Worded<AdminOrderRow, OrderStatus>;

export interface OrderFilter {
  status: OrderStatus;
  sort: OrderSort;
}

/** GET /admin/orders?status=&sort= : the first page's path of one filter (later pages add the cursor). */
export const ordersListKey = ({ status, sort }: OrderFilter) => `/admin/orders?status=${statusToWire(status)}&sort=${sort}`;

export const orderStatuses: OrderStatus[] = ['pending', 'completed', 'refunded'];

const everyFilter: OrderFilter[] = orderStatuses.flatMap((status) => (['oldest', 'newest'] as const).map((sort) => ({ status, sort })));

/** How long a moved order stays in a list it no longer belongs to, showing its new status, before it leaves. */
const leaveAfterMs = 1500;

const readOrderPages = readPagesWith(orderFromWire<AdminOrderRow>);

/** The plan orders of one status, a page at a time. */
export function useAdminOrders(filter: OrderFilter) {
  return useCursorList<AdminOrder>(ordersListKey(filter), (order) => order.order_id, readOrderPages);
}

/**
 * Shows an order's new state in every cached orders list, in its place; a moment later it leaves
 * the lists of other statuses (a completed order leaves the pending queue). Lists of its new
 * status get it when they are next loaded.
 */
export async function putOrderInLists(mutate: ScopedMutator, order: AdminOrder): Promise<void> {
  const isOrder = (row: AdminOrder) => row.order_id === order.order_id;
  await replaceInLists<AdminOrder>(mutate, everyFilter.map(ordersListKey), isOrder, (row) => ({
    ...row,
    status: order.status,
    remark: order.remark,
  }));
  const elsewhere = everyFilter.filter((filter) => filter.status !== order.status).map(ordersListKey);
  window.setTimeout(() => void removeFromLists(mutate, elsewhere, isOrder), leaveAfterMs);
}
