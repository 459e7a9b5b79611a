import type { ClaimedGuestOrders } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../lib/api';
import { ordersKey } from '../../../lib/cache-keys';

/**
 * POST /user/claim_guest_orders: moves the guest orders of the account's verified e-mail or mobile
 * number into it; answers how many. My Orders is read again.
 */
export function useClaimGuestOrders() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/user/claim_guest_orders',
    async (path: string) => {
      const { data } = await apiRequest<ClaimedGuestOrders>('POST', path);
      await mutate(ordersKey);
      return data.claimed;
    },
    writeOptions,
  );
}
