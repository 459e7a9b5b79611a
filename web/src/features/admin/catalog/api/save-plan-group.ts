import type { AdminPlanGroup } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { catalogKey } from './get-catalog';
import { refreshShopReads } from '../../kit/api/shop-reads';

export interface PlanGroupInput {
  /** Absent: a new group. */
  id?: string;
  master_category: string;
  cname: string;
  image: string;
  position?: number;
}

/** POST /admin/plan_groups: a new plan group of a game, or a change of one. Revalidates the tree and the shop's reads. */
export function useSavePlanGroup() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/plan_groups',
    async (path: string, { arg }: { arg: PlanGroupInput }) => {
      const { data, message } = await apiRequest<AdminPlanGroup>('POST', path, { body: { ...arg } });
      await Promise.all([mutate(catalogKey), refreshShopReads(mutate, 'catalog')]);
      return { group: data, message };
    },
    writeOptions,
  );
}
