import type { claimCloseBody } from '@contract/admin-operations';
import type { ClaimRow } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { reloadClaims } from './get-claims';

/** The request as the endpoint's schema takes it (functions/contract/admin-operations.ts). */
export type ClaimCloseInput = v.InferInput<typeof claimCloseBody>;

/**
 * POST /admin/claims/{id}/close: closes the report, with an optional last word to the shopper; the
 * lists reload; answers the server's message ("Report closed").
 */
export function useCloseClaim(claimId: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    `/admin/claims/${encodeURIComponent(claimId)}/close`,
    async (path: string, { arg }: { arg: ClaimCloseInput }) => {
      const { message } = await apiRequest<ClaimRow>('POST', path, { body: { ...arg } });
      await reloadClaims(mutate);
      return message;
    },
    writeOptions,
  );
}
