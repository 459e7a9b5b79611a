import { NotFound } from '../shared/errors';
import * as repo from './repo';

export type { MasterCategory, Plan, PlanGroup } from './repo';

/** The games and gift-card brands, in menu order. */
export function masterCategories() {
  return repo.listMasterCategories();
}

/** A master category, or a 404 when there is none with this id. */
export async function requireMasterCategory(id: string) {
  const category = await repo.getMasterCategory(id);
  if (!category) throw new NotFound('Category not found');
  return category;
}

/**
 * A game's plan groups in order. An empty listing reads the game too, so that an unknown game is
 * a 404 while a game without groups (a gift-card brand) is an empty list.
 */
export async function planGroups(masterCategoryId: string) {
  const groups = await repo.listPlanGroups(masterCategoryId);
  if (groups.length === 0) await requireMasterCategory(masterCategoryId);
  return groups;
}

/** A plan group's plans in order; an unknown group is a 404, a group without plans an empty list. */
export async function plans(groupId: string) {
  const found = await repo.listPlans(groupId);
  if (found.length === 0 && !(await repo.getPlanGroup(groupId))) throw new NotFound('Category not found');
  return found;
}
