import type { claimBody, guestOrderLinkBody } from '@contract/orders';
import type { RaisedClaim } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { ApiError, type ApiResult, apiRequest, writeOptions } from '../../../lib/api';
import { guestOrderKey } from './get-guest-order';
import type { ClaimInput } from './raise-claim';

/** The request as the endpoint takes it: the report's fields (its schema, functions/contract/orders.ts) and the order link's secret. */
type GuestClaimRequest = v.InferInput<typeof claimBody> & v.InferInput<typeof guestOrderLinkBody>;

/**
 * POST /guest/claim: a guest reports a problem with the order of their link (one open report per
 * order; a second is a 409); no screenshot, which needs an account. The order's page is read again
 * to show the report's thread; answers the server's message and the outcome.
 */
export function useRaiseGuestClaim(token: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/guest/claim',
    async (path: string, { arg }: { arg: ClaimInput }) => {
      let answer: ApiResult<RaisedClaim>;
      try {
        answer = await apiRequest('POST', path, { body: { ...arg, image: undefined, token } satisfies GuestClaimRequest });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) await mutate(guestOrderKey(token));
        throw error;
      }
      await mutate(guestOrderKey(token));
      return { message: answer.message, outcome: answer.data.outcome };
    },
    writeOptions,
  );
}
