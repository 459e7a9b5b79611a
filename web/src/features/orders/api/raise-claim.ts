import type { claimBody } from '@contract/orders';
import type { RaisedClaim } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { ApiError, type ApiResult, apiRequest, writeOptions } from '../../../lib/api';
import { orderKey } from './get-order';

/** The request as the endpoint's schema takes it (functions/contract/orders.ts). */
export type ClaimInput = v.InferInput<typeof claimBody>;

/**
 * POST /user/order/{id}/claim: reports a problem with one of the shopper's orders (one open report
 * per order; a second is a 409). The order's page is read again, to show the report's thread (a
 * 409's too: another tab's report); answers the server's message and the outcome.
 */
export function useRaiseClaim(orderId: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    `/user/order/${encodeURIComponent(orderId)}/claim`,
    async (path: string, { arg }: { arg: ClaimInput }) => {
      let answer: ApiResult<RaisedClaim>;
      try {
        answer = await apiRequest('POST', path, { body: { ...arg } });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) await mutate(orderKey(orderId));
        throw error;
      }
      await mutate(orderKey(orderId));
      return { message: answer.message, outcome: answer.data.outcome };
    },
    writeOptions,
  );
}
