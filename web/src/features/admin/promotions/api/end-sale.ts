import type { SaleRow } from '@contract/admin-wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { refreshShopReads } from '../../kit/api/shop-reads';
import { salesKey } from './get-sales';

/** POST /admin/sales/{id}/end: a sale ended now. Revalidates the list and the shop's plan lists. */
export function useEndSale() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    salesKey,
    async (_: string, { arg: saleId }: { arg: string }) => {
      const { message } = await apiRequest<SaleRow>('POST', `/admin/sales/${encodeURIComponent(saleId)}/end`);
      await Promise.all([mutate(salesKey), refreshShopReads(mutate, 'catalog')]);
      return message;
    },
    writeOptions,
  );
}
