import type { PlanRow } from '@contract/wire';
import useSWR from 'swr';

/** A top-up plan (spec §3); status 1 is on sale, 0 out of stock. */
export type Plan = PlanRow;

/** POST /user/plan_list/: the plans of one plan group. */
export function usePlans(groupId: string) {
  return useSWR<Plan[]>(['/user/plan_list/', { category_id: groupId }]);
}
