import type { DeliveryState, OrderRow } from '@contract/wire';
import type { OrderStatus } from '../../lib/statuses';
import { t } from './messages';

/** Where a delivery stands, in the shopper's words (in the current language when asked). */
const deliveryStateLabels: Record<DeliveryState, () => string> = {
  waiting: () => t('orders.deliveryWaiting'),
  delivering: () => t('orders.deliveryDelivering'),
  unknown: () => t('orders.deliveryUnknown'),
  delivered: () => t('orders.deliveryDelivered'),
  failed: () => t('orders.deliveryFailed'),
};

type DeliveredOrder = Pick<OrderRow, 'delivery' | 'awaiting_payment' | 'payment_cancelled'> & { status: OrderStatus };

/**
 * An order's delivery in words, or none where it says nothing the status does not: before the
 * payment, and for an order refunded by hand. A completed order is delivered, whatever its mode.
 */
export function deliveryLabel(order: DeliveredOrder): string | undefined {
  if (order.awaiting_payment || order.payment_cancelled) return undefined;
  if (order.delivery.state === 'failed') return deliveryStateLabels.failed();
  if (order.status === 'refunded') return undefined;
  return deliveryStateLabels[order.status === 'completed' ? 'delivered' : order.delivery.state]();
}
