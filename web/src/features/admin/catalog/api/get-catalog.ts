import type { AdminCatalog, AdminPlan } from '@contract/admin-wire';
import type { ScopedMutator } from 'swr';
import useSWR from 'swr';
import type { DeleteRevalidation } from '../../kit/api/delete-item';

/** GET /admin/catalog; every catalog write revalidates it or puts its answer in place. */
export const catalogKey = '/admin/catalog';

/** What deleting a game, a plan group or a plan revalidates. */
export const catalogDeletes: DeleteRevalidation = { lists: (key) => key === catalogKey, area: 'catalog' };

export type CatalogGame = AdminCatalog['master_categories'][number];
export type CatalogGroup = CatalogGame['groups'][number];

/** Every game and brand with its plan groups and their plans, in menu order. */
export function useAdminCatalog() {
  return useSWR<AdminCatalog>(catalogKey);
}

/** Puts a saved plan in place in the cached tree (its group may have changed), without asking again. */
export function putPlanInCatalog(mutate: ScopedMutator, plan: AdminPlan): Promise<unknown> {
  const place = (catalog: AdminCatalog | undefined): AdminCatalog | undefined =>
    catalog && {
      master_categories: catalog.master_categories.map((game) => ({
        ...game,
        groups: game.groups.map((group) => {
          const others = group.plans.filter((row) => row.plans_id !== plan.plans_id);
          const plans = group.id === plan.category_id ? [...others, plan].sort((a, b) => a.position - b.position) : others;
          return { ...group, plans };
        }),
      })),
    };
  return mutate(catalogKey, place, { revalidate: false });
}
