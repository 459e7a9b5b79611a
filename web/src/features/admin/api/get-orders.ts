import type { AdminOrderRow, WireStatus } from '@contract/wire';
import type { ScopedMutator } from 'swr';
import type { OrderSort } from '../../../config/admin-paths';
import { replaceInLists, useCursorList } from './cursor-list';

export interface OrderFilter {
  status: WireStatus;
  sort: OrderSort;
}

/** GET /admin/orders?status=&sort= : the first page's path of one filter (later pages add the cursor). */
export const ordersListKey = ({ status, sort }: OrderFilter) => `/admin/orders?status=${status}&sort=${sort}`;

const everyOrdersList = (['0', '1', '2'] as const).flatMap((status) => (['oldest', 'newest'] as const).map((sort) => ordersListKey({ status, sort })));

/** The plan orders of one status, a page at a time. */
export function useAdminOrders(filter: OrderFilter) {
  return useCursorList<AdminOrderRow>(ordersListKey(filter), (order) => order.order_id);
}

/** Shows an order's new state in every cached orders list, in its place. */
export function putOrderInLists(mutate: ScopedMutator, order: AdminOrderRow): Promise<unknown> {
  return replaceInLists<AdminOrderRow>(
    mutate,
    everyOrdersList,
    (row) => row.order_id === order.order_id,
    (row) => ({ ...row, status: order.status, remark: order.remark }),
  );
}
