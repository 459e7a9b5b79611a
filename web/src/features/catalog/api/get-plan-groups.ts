import useSWR from 'swr';
import { useSession } from '../../../lib/session';

/** A plan group of a game (contract: category_list row): one order form and its plans. */
export interface PlanGroup {
  id: string;
  cname: string;
  image: string;
  master_category: string;
}

/** POST /user/category_list: a game's plan groups. */
export function usePlanGroups(masterCategoryId: string) {
  const userId = useSession().userInfo?.code ?? '';
  return useSWR<PlanGroup[]>(['/user/category_list', { master_category: masterCategoryId, user_id: userId }]);
}
