import type { DeliveryMode, DeliveryState } from '@contract/wire';

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
export const deliveryStateLabels: Record<DeliveryState, string> = {
  waiting: 'Waiting for an operator',
  delivering: 'Delivering',
  unknown: 'Answer lost: asking the supplier',
  delivered: 'Delivered',
  failed: 'Failed: refunded to the wallet',
};
