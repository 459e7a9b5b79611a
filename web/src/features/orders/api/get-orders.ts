import type { OrderRow } from '@contract/wire';
import useSWR from 'swr';
import { ordersKey } from '../../../lib/cache-keys';

/** A plan order (spec §3). */
export type PlanOrder = OrderRow;

/** The signed-in user's plan orders, newest first. */
export function useOrders() {
  return useSWR<PlanOrder[]>(ordersKey);
}
