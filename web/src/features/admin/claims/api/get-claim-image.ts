import type { ClaimImage } from '@contract/admin-wire';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../../lib/api';

/** GET /admin/claims/{id}/image, when the operator asks to see it: the report's screenshot as a data: URL. */
export function useClaimImage(claimId: string) {
  return useSWRMutation(
    `/admin/claims/${encodeURIComponent(claimId)}/image`,
    async (path: string) => (await apiRequest<ClaimImage>('GET', path)).data.image,
    { ...writeOptions, populateCache: false, revalidate: false },
  );
}
