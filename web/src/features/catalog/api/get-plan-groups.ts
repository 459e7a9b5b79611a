import type { PlanGroupRow } from '@contract/wire';
import useSWR from 'swr';
import { useUser } from '../../../lib/auth';

/** A plan group of a game: one order form and its plans. */
export type PlanGroup = PlanGroupRow;

/** POST /user/category_list: a game's plan groups. The request carries the user's id, so it waits while the user loads. */
export function usePlanGroups(masterCategoryId: string) {
  const { data: user, isLoading: userLoading } = useUser();
  return useSWR<PlanGroup[]>(
    userLoading ? null : ['/user/category_list', { master_category: masterCategoryId, user_id: user?.code ?? '' }],
  );
}
