import type { OrderRow } from '@contract/wire';
import { ordersKey } from '../../../lib/cache-keys';
import { type OrderStatus, type Worded, eachFromWire, isDeliveryUnderWay, orderFromWire, readWith } from '../../../lib/statuses';
import { usePolled } from '../../../lib/use-polled';

/** A plan order (spec §3), with its game and, while a gateway order waits for its payment, where to pay it. */
export type PlanOrder = Worded<OrderRow, OrderStatus>;

const readOrders = readWith(eachFromWire(orderFromWire<OrderRow>));

/** How often the list is asked again while one of its orders is being delivered (a supplier's top-up lands within seconds). */
const deliveryPollMs = 4000;

/**
 * POST /user/get_request_list: the signed-in user's plan orders, paid or waiting for their payment,
 * newest first (My Orders; the order form, to follow the gateway payment it started and to hold
 * Buy Now while a payment for the same top-up waits). Read only while `enabled`, and again every
 * few seconds while an order's delivery is under way, so that it turns Delivered on its own.
 */
export function useOrders(enabled = true) {
  return usePolled<PlanOrder[]>(enabled ? ordersKey : null, readOrders, (orders) =>
    orders.some((order) => isDeliveryUnderWay(order.delivery.state)) ? deliveryPollMs : 0,
  );
}
