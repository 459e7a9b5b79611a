import type { RevealedSecret } from '@contract/admin-wire';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../../lib/api';

/**
 * POST /admin/orders/{id}/reveal: the game-account password and backup code, or a stock order's
 * code (audited). The
 * answer is handed to the caller only: never put in the cache, never in storage.
 */
export function useRevealOrderSecret(orderId: string) {
  return useSWRMutation(
    `/admin/orders/${encodeURIComponent(orderId)}/reveal`,
    async (path: string) => (await apiRequest<RevealedSecret>('POST', path)).data,
    { ...writeOptions, populateCache: false, revalidate: false },
  );
}
