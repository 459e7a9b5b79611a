import type { OrderRow } from '@contract/wire';
import useSWR from 'swr';
import { ordersKey } from '../../../lib/cache-keys';

/**
 * POST /user/get_request_list, as the order form reads it (the same cached list as My Orders):
 * to follow the gateway payment it started, and to hold Buy Now while a payment for the same
 * top-up waits. Read only while `enabled` (signed in).
 */
export function useMyOrders(enabled: boolean) {
  return useSWR<OrderRow[]>(enabled ? ordersKey : null);
}
