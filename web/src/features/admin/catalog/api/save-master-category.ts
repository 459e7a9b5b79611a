import type { AdminMasterCategory } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { catalogKey } from './get-catalog';
import { refreshShopReads } from '../../kit/api/shop-reads';

export interface MasterCategoryInput {
  /** Absent: a new game or brand. */
  id?: string;
  cname: string;
  image: string;
  position?: number;
}

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
