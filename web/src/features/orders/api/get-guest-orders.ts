import type { guestOrdersBody } from '@contract/orders';
import type { GuestOrderRow } from '@contract/wire';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../lib/api';
import { type OrderStatus, type Worded, orderFromWire } from '../../../lib/statuses';

/** The request as the endpoint's schema takes it (functions/contract/orders.ts). */
export type GuestOrdersRequest = v.InferInput<typeof guestOrdersBody>;

/** One of a contact's guest orders, with a new secret link to its page. */
export type GuestOrder = Worded<GuestOrderRow, OrderStatus>;

/**
 * POST /guest/orders: a contact's guest orders, opened by the code sent to it (a wrong or expired
 * code is a 400, too many tries a 429). A write, not a read: each answer mints new links, and a
 * code is not asked twice.
 */
export function useGuestOrders() {
  return useSWRMutation(
    '/guest/orders',
    async (path: string, { arg }: { arg: GuestOrdersRequest }) => {
      const { data } = await apiRequest<GuestOrderRow[]>('POST', path, { body: { ...arg } satisfies GuestOrdersRequest });
      return (data ?? []).map(orderFromWire);
    },
    { ...writeOptions, populateCache: false, revalidate: false },
  );
}
