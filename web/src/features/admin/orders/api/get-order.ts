import type { AdminOrderDetail as WireAdminOrderDetail } from '@contract/admin-wire';
import { type OrderStatus, type Worded, isDeliveryUnderWay, orderFromWire, readWith } from '../../../../lib/statuses';
import { usePolled } from '../../../../lib/use-polled';

/** An order with its game account, its status a word. */
export type AdminOrderDetail = Worded<WireAdminOrderDetail, OrderStatus>;

/** GET /admin/orders/{id} */
export const orderKey = (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}`;

/** Reads one order in words (the page's hook, and a move's re-read after a refusal). */
export const readOrder = readWith(orderFromWire<WireAdminOrderDetail>);

/** How often an order whose delivery is under way is asked again. */
const deliveryPollMs = 5000;

/** One order with its game account (never the password: that is `useRevealOrderSecret`), asked again while its delivery is under way. */
export function useAdminOrder(orderId: string) {
  return usePolled<AdminOrderDetail>(orderKey(orderId), readOrder, (order) =>
    isDeliveryUnderWay(order.delivery.state) ? deliveryPollMs : 0,
  );
}
