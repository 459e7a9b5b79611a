import type { SaleRow } from '@contract/admin-wire';
import type { saleBody } from '@contract/promotions';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { refreshShopReads } from '../../kit/api/shop-reads';
import { salesKey } from './get-sales';

/** The request as the endpoint's schema takes it (functions/contract/promotions.ts). */
export type SaleInput = v.InferInput<typeof saleBody>;

/** POST /admin/sales: a new sale. Revalidates the list and the shop's plan lists (they show it). */
export function useSaveSale() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    salesKey,
    async (path: string, { arg }: { arg: SaleInput }) => {
      const { data, message } = await apiRequest<SaleRow>('POST', path, { body: { ...arg } });
      await Promise.all([mutate(salesKey), refreshShopReads(mutate, 'catalog')]);
      return { sale: data, message };
    },
    writeOptions,
  );
}
