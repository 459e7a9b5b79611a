import type { AdminPlanGroup } from '@contract/admin-wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { catalogKey } from './get-catalog';
import { refreshShopReads } from '../../kit/api/shop-reads';
import type { savePlanGroupBody } from '@contract/admin-catalog';
import type * as v from 'valibot';

/** The request as the endpoint's schema takes it (functions/contract/admin-catalog.ts). */
export type PlanGroupInput = v.InferInput<typeof savePlanGroupBody>;

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
