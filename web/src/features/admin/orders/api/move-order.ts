import type { completeOrderBody, refundOrderBody, resolveRefundBody, takeOverDeliveryBody } from '@contract/admin-operations';
import type { AdminOrderDetail as WireAdminOrderDetail } from '@contract/admin-wire';
import { type ScopedMutator, useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { ApiError, apiRequest, writeOptions } from '../../../../lib/api';
import { userKey } from '../../../../lib/auth';
import { orderFromWire } from '../../../../lib/statuses';
import { dashboardKey } from '../../dashboard/api/get-dashboard';
import { removeFromLists, reloadList } from '../../kit/api/cursor-list';
import { type ReviewItem, holdsKey } from '../../risk/api/get-holds';
import { type AdminOrderDetail, orderKey, readOrder } from './get-order';
import { putOrderInLists } from './get-orders';
import { userDetailKey } from '../../users/api/get-user';

/**
 * What an operator can do to an order, each by its endpoint's last segment, with the form its
 * schema takes (functions/contract/admin-operations.ts): complete, refund, record what the
 * gateway's panel shows of a refund that waits for a person, take an automatic delivery over by hand,
 * release an order a fraud rule held (no form).
 */
interface MoveForms {
  complete: v.InferInput<typeof completeOrderBody>;
  refund: v.InferInput<typeof refundOrderBody>;
  gateway_refund: v.InferInput<typeof resolveRefundBody>;
  take_over_delivery: v.InferInput<typeof takeOverDeliveryBody>;
  release: Record<never, never>;
}

export type OrderMove = keyof MoveForms;

/** Where a refund goes: the shopper's wallet, or back to the bKash/Nagad that paid a gateway order (through the gateway, once). */
export type RefundTo = NonNullable<MoveForms['refund']['to']>;

/** A move's order and its form (the remark the shopper sees, where the refund goes, what the panel shows…). */
export type MoveRequest<Move extends OrderMove> = { order_id: string } & MoveForms[Move];

/**
 * POST /admin/orders/{id}/{move} with its form. Puts the moved order in place in the cache;
 * answers the server's message. A 409 ("Order is already completed") is thrown to the caller after
 * the order is read again.
 */
export function useMoveOrder<Move extends OrderMove>(move: Move) {
  const { mutate } = useSWRConfig();
  // A plain string: SWR cannot type a fetcher whose key is still generic.
  const key: string = `/admin/orders/${move}`;
  return useSWRMutation(
    key,
    async (_key: string, { arg }: { arg: MoveRequest<Move> }) => {
      try {
        const { order_id: orderId, ...form }: MoveRequest<OrderMove> = arg;
        const { data, message } = await apiRequest<WireAdminOrderDetail>('POST', `/admin/orders/${encodeURIComponent(orderId)}/${move}`, {
          body: form,
        });
        await orderMoved(mutate, orderFromWire(data));
        return message;
      } catch (error) {
        await orderRefused(mutate, arg.order_id, error);
        throw error;
      }
    },
    writeOptions,
  );
}

/**
 * What a move changes in the cache: the order itself, its row in every list (in place), the
 * dashboard, for a refund the shopper's balance (the console's user page, and the header when
 * operators refund themselves), and for an order that was held the review queue (it leaves at once,
 * then the queue is read again).
 */
async function orderMoved(mutate: ScopedMutator, order: AdminOrderDetail): Promise<void> {
  await Promise.all([
    mutate(orderKey(order.order_id), order, { revalidate: false }),
    putOrderInLists(mutate, order),
    mutate(dashboardKey),
    ...(order.status === 'refunded' ? [mutate(userDetailKey(order.user_id)), mutate(userKey)] : []),
    ...(order.hold ? [leaveReviewQueue(mutate, order.order_id)] : []),
  ]);
}

/** A decided order out of the review queue, at once; the queue is then read again. */
async function leaveReviewQueue(mutate: ScopedMutator, orderId: string): Promise<void> {
  await removeFromLists<ReviewItem>(mutate, [holdsKey], (item) => item.order.order_id === orderId);
  await reloadList(mutate, holdsKey);
}

/**
 * After a refused move (409: another operator, or another tab, was first), the order as the
 * server has it now, so that the row stops offering what can no longer be done.
 */
async function orderRefused(mutate: ScopedMutator, orderId: string, error: unknown): Promise<void> {
  if (!(error instanceof ApiError) || error.status !== 409) return;
  const fresh = await readOrder(orderKey(orderId)).catch(() => undefined);
  if (fresh)
    await Promise.all([
      mutate(orderKey(orderId), fresh, { revalidate: false }),
      putOrderInLists(mutate, fresh),
      ...(fresh.hold ? [reloadList(mutate, holdsKey)] : []),
    ]);
}
