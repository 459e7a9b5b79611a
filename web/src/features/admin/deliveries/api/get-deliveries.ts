import type { AdminDeliveries as WireAdminDeliveries } from '@contract/admin-wire';
import useSWR from 'swr';
import { orderFromWire, readWith } from '../../../../lib/statuses';
import type { AdminOrder } from '../../orders/api/get-orders';

/** The delivery view with its orders' statuses as words. */
export type AdminDeliveries = Omit<WireAdminDeliveries, 'open' | 'failed'> & { open: AdminOrder[]; failed: AdminOrder[] };

/** How often the view is asked again: deliveries move on their own, and the suppliers' balances with them. */
const refreshMs = 15_000;

const readDeliveries = readWith(
  (view: WireAdminDeliveries): AdminDeliveries => ({ ...view, open: view.open.map(orderFromWire), failed: view.failed.map(orderFromWire) }),
);

/** The view's cache key. */
export const deliveriesKey = '/admin/deliveries';

/** GET /admin/deliveries: open and failed automatic deliveries, paused plans and the suppliers, read again every 15 s. */
export function useAdminDeliveries() {
  return useSWR<AdminDeliveries>(deliveriesKey, readDeliveries, { refreshInterval: refreshMs });
}
