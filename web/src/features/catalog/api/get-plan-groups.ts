import type { PlanGroupRow } from '@contract/wire';
import useSWR from 'swr';
import { queryPath } from '../../../lib/api';

/** A plan group of a game: one order form and its plans. */
export type PlanGroup = PlanGroupRow;

/** GET /user/category_list (the edge-cached twin of the contract's POST): a game's plan groups, the same for everyone. */
export function usePlanGroups(masterCategoryId: string) {
  return useSWR<PlanGroup[]>(queryPath('/user/category_list', { master_category: masterCategoryId }));
}
