import type { OrderRow } from '@contract/wire';
import useSWR from 'swr';
import { ordersKey } from '../../../lib/cache-keys';
import { eachFromWire, orderFromWire, readWith } from '../../../lib/statuses';

const readOrders = readWith(eachFromWire(orderFromWire<OrderRow>));

/**
 * POST /user/get_request_list, as the order form reads it (the same cached list as My Orders, read
 * the same way): to follow the gateway payment it started, and to hold Buy Now while a payment for
 * the same top-up waits. Read only while `enabled` (signed in).
 */
export function useMyOrders(enabled: boolean) {
  return useSWR(enabled ? ordersKey : null, readOrders);
}
