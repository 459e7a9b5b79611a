import type { AdminOrderDetail } from '@contract/wire';
import type { ScopedMutator } from 'swr';
import { ApiError, swrFetcher } from '../../../lib/api';
import { userKey } from '../../../lib/auth';
import { dashboardKey } from './get-dashboard';
import { orderKey } from './get-order';
import { putOrderInLists } from './get-orders';
import { userDetailKey } from './get-user';

/**
 * What a complete or refund changes in the cache: the order itself, its row in every list (in
 * place), the dashboard, and for a refund the shopper's balance (the console's user page, and the
 * header when operators refund themselves).
 */
export async function orderWritten(mutate: ScopedMutator, order: AdminOrderDetail): Promise<void> {
  await Promise.all([
    mutate(orderKey(order.order_id), order, { revalidate: false }),
    putOrderInLists(mutate, order),
    mutate(dashboardKey),
    ...(order.status === '2' ? [mutate(userDetailKey(order.user_id)), mutate(userKey)] : []),
  ]);
}

/**
 * After a refused move (409: another operator, or another tab, was first), the order as the
 * server has it now, so that the row stops offering what can no longer be done.
 */
export async function orderRefused(mutate: ScopedMutator, orderId: string, error: unknown): Promise<void> {
  if (!(error instanceof ApiError) || error.status !== 409) return;
  const fresh = await swrFetcher<AdminOrderDetail>(orderKey(orderId)).catch(() => undefined);
  if (fresh) await Promise.all([mutate(orderKey(orderId), fresh, { revalidate: false }), putOrderInLists(mutate, fresh)]);
}
