import type { AdminMasterCategory } from '@contract/admin-wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { catalogKey } from './get-catalog';
import { refreshShopReads } from '../../kit/api/shop-reads';
import type { saveMasterCategoryBody } from '@contract/admin-catalog';
import type * as v from 'valibot';

/** The request as the endpoint's schema takes it (functions/contract/admin-catalog.ts). */
export type MasterCategoryInput = v.InferInput<typeof saveMasterCategoryBody>;

/**
 * POST /admin/master_categories: a new game or brand (a name ending with "." sells codes), or a
 * change of one. Revalidates the tree (which the brand tabs and pickers read) and the shop's reads.
 */
export function useSaveMasterCategory() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/master_categories',
    async (path: string, { arg }: { arg: MasterCategoryInput }) => {
      const { data, message } = await apiRequest<AdminMasterCategory>('POST', path, { body: { ...arg } });
      await Promise.all([mutate(catalogKey), refreshShopReads(mutate, 'catalog')]);
      return { category: data, message };
    },
    writeOptions,
  );
}
