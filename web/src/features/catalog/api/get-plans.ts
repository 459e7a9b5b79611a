import type { PlanRow } from '@contract/wire';
import useSWR from 'swr';
import { queryPath } from '../../../lib/api';

/** A top-up plan (spec §3); status 1 is on sale, 0 out of stock. */
export type Plan = PlanRow;

/** GET /user/plan_list (the edge-cached twin of the contract's POST): the plans of one plan group. */
export function usePlans(groupId: string) {
  return useSWR<Plan[]>(queryPath('/user/plan_list', { category_id: groupId }));
}
