import type { AdminOrderDetail } from '@contract/wire';
import useSWR from 'swr';

/** GET /admin/orders/{id} */
export const orderKey = (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}`;

/** One order with its game account (never the password: that is `useRevealOrderSecret`). */
export function useAdminOrder(orderId: string) {
  return useSWR<AdminOrderDetail>(orderKey(orderId));
}
