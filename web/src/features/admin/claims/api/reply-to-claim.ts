import type { claimReplyBody } from '@contract/admin-operations';
import type { ClaimRow } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { reloadClaims } from './get-claims';

/** The request as the endpoint's schema takes it (functions/contract/admin-operations.ts). */
export type ClaimReplyInput = v.InferInput<typeof claimReplyBody>;

/**
 * POST /admin/claims/{id}/reply: the operator's answer, which the shopper reads on the order's page
 * and is told of; the lists reload; answers the server's message ("Answer sent").
 */
export function useReplyToClaim(claimId: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    `/admin/claims/${encodeURIComponent(claimId)}/reply`,
    async (path: string, { arg }: { arg: ClaimReplyInput }) => {
      const { message } = await apiRequest<ClaimRow>('POST', path, { body: { ...arg } });
      await reloadClaims(mutate);
      return message;
    },
    writeOptions,
  );
}
