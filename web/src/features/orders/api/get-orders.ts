import type { OrderRow } from '@contract/wire';
import useSWR from 'swr';
import { ordersKey } from '../../../lib/cache-keys';
import { type OrderStatus, type Worded, eachFromWire, orderFromWire, readWith } from '../../../lib/statuses';

/** A plan order (spec §3), with its game and, while a gateway order waits for its payment, where to pay it. */
export type PlanOrder = Worded<OrderRow, OrderStatus>;

const readOrders = readWith(eachFromWire(orderFromWire<OrderRow>));

/** The signed-in user's plan orders, paid or waiting for their payment, newest first. */
export function useOrders() {
  return useSWR<PlanOrder[]>(ordersKey, readOrders);
}
