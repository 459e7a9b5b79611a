import type { MasterCategoryRow } from '@contract/wire';
import useSWR from 'swr';

/** A game or gift-card brand (spec §3). */
export type MasterCategory = MasterCategoryRow;

export const masterCategoriesKey = '/user/master_category_list';

/** Every master category, cached for the whole app (header menu and grids share it). */
export function useMasterCategories() {
  return useSWR<MasterCategory[]>(masterCategoriesKey);
}
