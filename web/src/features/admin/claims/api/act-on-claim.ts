import type { claimCorrectionBody, claimRefundBody } from '@contract/admin-operations';
import type { ClaimRow } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { ApiError, apiRequest, writeOptions } from '../../../../lib/api';
import { reloadClaims } from './get-claims';

/** The forms of the claim actions, as their endpoints' schemas take them (replace_code takes none). */
type ClaimActionInput = v.InferInput<typeof claimRefundBody> | v.InferInput<typeof claimCorrectionBody> | Record<string, never>;

/**
 * POST /admin/claims/{id}/{action} with its form: an action on the claim's order that closes the
 * claim, once. The lists reload after it, and after a 409 too (a second click, or a view another
 * operator made stale), whose message the caller shows; answers the server's message.
 */
export function useClaimAction<Form extends ClaimActionInput>(claimId: string, action: 'refund' | 'replace_code' | 'correct_player_id') {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    `/admin/claims/${encodeURIComponent(claimId)}/${action}`,
    async (path: string, { arg }: { arg: Form }) => {
      try {
        const { message } = await apiRequest<ClaimRow>('POST', path, { body: { ...arg } });
        await reloadClaims(mutate);
        return message;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) await reloadClaims(mutate);
        throw error;
      }
    },
    writeOptions,
  );
}
