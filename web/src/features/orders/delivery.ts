import type { DeliveryState, OrderRow } from '@contract/wire';
import { groupDigits } from '../../lib/format';
import type { OrderStatus } from '../../lib/statuses';
import { currentLocale, t } from './messages';

/** Where a delivery stands, in the shopper's words (in the current language when asked). */
const deliveryStateLabels: Record<DeliveryState, () => string> = {
  waiting: () => t('orders.deliveryWaiting'),
  checking: () => t('orders.deliveryChecking'),
  delivering: () => t('orders.deliveryDelivering'),
  unknown: () => t('orders.deliveryUnknown'),
  delivered: () => t('orders.deliveryDelivered'),
  failed: () => t('orders.deliveryFailed'),
};

type DeliveredOrder = Pick<OrderRow, 'delivery' | 'awaiting_payment' | 'payment_cancelled'> & { status: OrderStatus };

/** The minutes a held order's check usually takes, in the current language's digits. */
export const checkingMinutes = (order: Pick<OrderRow, 'delivery'>) => groupDigits(order.delivery.checking_minutes, currentLocale());

/**
 * An order's delivery in words, or none where it says nothing the status does not: before the
 * payment, and for an order refunded by hand. A completed order is delivered, whatever its mode;
 * a held one is being checked, usually within the minutes the shop promises.
 */
export function deliveryLabel(order: DeliveredOrder): string | undefined {
  if (order.awaiting_payment || order.payment_cancelled) return undefined;
  if (order.delivery.state === 'failed') return deliveryStateLabels.failed();
  if (order.status === 'refunded') return undefined;
  if (order.status === 'pending' && order.delivery.state === 'checking' && order.delivery.checking_minutes > 0)
    return t('orders.deliveryCheckingWithin', { minutes: checkingMinutes(order) });
  return deliveryStateLabels[order.status === 'completed' ? 'delivered' : order.delivery.state]();
}
