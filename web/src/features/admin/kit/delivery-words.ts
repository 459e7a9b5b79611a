import type { DeliveryMode, DeliveryState } from '@contract/wire';
import type { OrderStatus } from '../../../lib/statuses';

/** A plan's delivery mode as the console names it (the plan form's choices). */
export const deliveryModeLabels: Record<DeliveryMode, string> = {
  manual: 'Manual queue',
  stock: 'Code stock',
  supplier: 'Supplier API',
};

/** The short badge of an automatic mode (a plan row, an order card); the manual queue has none. */
export const deliveryModeBadges: Record<DeliveryMode, string | undefined> = {
  manual: undefined,
  stock: 'Stock',
  supplier: 'Supplier',
};

/** Where an order's delivery stands, in the operators' words. */
const deliveryStateLabels: Record<DeliveryState, string> = {
  waiting: 'Waiting for an operator',
  checking: 'Held for review (Review queue)',
  delivering: 'Delivering',
  unknown: 'Answer lost: asking the supplier',
  delivered: 'Delivered',
  failed: 'Failed: refunded to the wallet',
};

/**
 * Where a delivery stands for an order in the console: an order refunded by an operator was never
 * delivered, whatever queue it was waiting in (a failed delivery keeps its own words).
 */
export const deliveryStateLabel = (status: OrderStatus, state: DeliveryState) =>
  status === 'refunded' && state !== 'failed' ? 'Not delivered: refunded by an operator' : deliveryStateLabels[state];
