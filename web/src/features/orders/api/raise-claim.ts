import type { claimBody } from '@contract/orders';
import type { ClaimRow } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../lib/api';
import { orderKey } from './get-order';

/** The request as the endpoint's schema takes it (functions/contract/orders.ts). */
export type ClaimInput = v.InferInput<typeof claimBody>;

/** What became of a report: waiting for a person, the player ID corrected at once, or refused. */
export type ClaimOutcome = 'waiting' | 'corrected' | 'refused';

/**
 * POST /user/order/{id}/claim: reports a problem with one of the shopper's orders (one open report
 * per order; a second is a 409). The order's page is read again, to show the report's thread;
 * answers the server's message and the outcome.
 */
export function useRaiseClaim(orderId: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    `/user/order/${encodeURIComponent(orderId)}/claim`,
    async (path: string, { arg }: { arg: ClaimInput }) => {
      const { data, message } = await apiRequest<ClaimRow & { outcome: ClaimOutcome }>('POST', path, { body: { ...arg } });
      await mutate(orderKey(orderId));
      return { message, outcome: data.outcome };
    },
    writeOptions,
  );
}
