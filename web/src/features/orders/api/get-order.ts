import type { OrderDetail as WireOrderDetail } from '@contract/wire';
import type { SWRConfiguration } from 'swr';
import { type OrderStatus, type Worded, isDeliveryUnderWay, orderFromWire, readWith } from '../../../lib/statuses';
import { usePolled } from '../../../lib/use-polled';

/** One of the shopper's orders with its timeline. */
export type OrderDetail = Worded<WireOrderDetail, OrderStatus>;

/** The SWR key of one order's page; a payment's return or cancel revalidates the lists, and this page re-reads on focus. */
export const orderKey = (id: string) => [`/user/order/${encodeURIComponent(id)}`, {}] as const;

/** An order's answer as the web holds it (its status a word). */
const readOrder = readWith(orderFromWire<WireOrderDetail>);

/** How often an order whose delivery is under way is asked again, so that it turns Delivered on its own. */
const deliveryPollMs = 4000;

/** How often an order held for a check is asked again: a person decides it, in minutes rather than seconds. */
const checkingPollMs = 30_000;

/** How often an order is read again: while its delivery is under way, or held for a check. */
const orderPollMs = (order: OrderDetail) =>
  isDeliveryUnderWay(order.delivery.state) ? deliveryPollMs : order.delivery.state === 'checking' ? checkingPollMs : 0;

/** An order page's read (a shopper's by id, a guest's by link), asked again as `orderPollMs` says. */
export const usePolledOrder = (key: readonly [string, object], options: SWRConfiguration<OrderDetail> = {}) =>
  usePolled<OrderDetail>(key, readOrder, orderPollMs, { revalidateOnFocus: true, ...options });

/**
 * POST /user/order/{id}: one of the signed-in user's orders with its timeline; another's or an
 * unknown id is a 404. Read again every few seconds while its delivery is under way, and now and
 * then while it is held for a check.
 */
export function useOrder(id: string) {
  return usePolledOrder(orderKey(id));
}
