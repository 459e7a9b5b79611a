import type { guestFindOrdersBody } from '@contract/orders';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../lib/api';

/** The request as the endpoint's schema takes it (functions/contract/orders.ts). */
export type GuestFindOrdersRequest = v.InferInput<typeof guestFindOrdersBody>;

/**
 * POST /guest/find_orders: asks for a one-time code to the contact, which goes only if it has
 * guest orders; the answer is the same either way. Answers the server's message.
 */
export function useSendGuestOrdersCode() {
  return useSWRMutation(
    '/guest/find_orders',
    async (path: string, { arg }: { arg: GuestFindOrdersRequest }) =>
      (await apiRequest<unknown>('POST', path, { body: { ...arg } satisfies GuestFindOrdersRequest })).message,
    writeOptions,
  );
}
