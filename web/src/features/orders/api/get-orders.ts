import type { OrderRow } from '@contract/wire';
import useSWR from 'swr';
import { ordersKey } from '../../../lib/cache-keys';
import { type OrderStatus, type Worded, eachFromWire, orderFromWire, readWith } from '../../../lib/statuses';

/** A plan order (spec §3), with its game and, while a gateway order waits for its payment, where to pay it. */
export type PlanOrder = Worded<OrderRow, OrderStatus>;

const readOrders = readWith(eachFromWire(orderFromWire<OrderRow>));

/**
 * POST /user/get_request_list: the signed-in user's plan orders, paid or waiting for their payment,
 * newest first (My Orders; the order form, to follow the gateway payment it started and to hold
 * Buy Now while a payment for the same top-up waits). Read only while `enabled`.
 */
export function useOrders(enabled = true) {
  return useSWR<PlanOrder[]>(enabled ? ordersKey : null, readOrders);
}
