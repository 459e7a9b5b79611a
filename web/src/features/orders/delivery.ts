import type { DeliveryState, OrderRow } from '@contract/wire';
import type { OrderStatus } from '../../lib/statuses';

/** Where a delivery stands, in the shopper's words. */
const deliveryStateLabels: Record<DeliveryState, string> = {
  waiting: 'Waiting for delivery',
  delivering: 'Delivering',
  unknown: 'Checking with the supplier',
  delivered: 'Delivered',
  failed: 'Delivery failed — refunded to your wallet',
};

type DeliveredOrder = Pick<OrderRow, 'delivery' | 'awaiting_payment' | 'payment_cancelled'> & { status: OrderStatus };

/**
 * An order's delivery in words, or none where it says nothing the status does not: before the
 * payment, and for an order refunded by hand. A completed order is delivered, whatever its mode.
 */
export function deliveryLabel(order: DeliveredOrder): string | undefined {
  if (order.awaiting_payment || order.payment_cancelled) return undefined;
  if (order.delivery.state === 'failed') return deliveryStateLabels.failed;
  if (order.status === 'refunded') return undefined;
  return deliveryStateLabels[order.status === 'completed' ? 'delivered' : order.delivery.state];
}
