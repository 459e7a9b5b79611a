import { Conflict, NotFound } from '../shared/errors';
import { TransactionCancelled, type TransactionItem, transact } from '../shared/transactions';
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

/** What a catalog write adds to its own transaction: an operator's audit entry. */
type AlsoWrite = TransactionItem[];

/** Runs a catalog write; a failed condition on its first item means the item is missing (update) or taken (create). */
async function write(items: TransactionItem[], isNew: boolean, what: string): Promise<void> {
  try {
    await transact(items);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0))
      throw isNew ? new Conflict(`A ${what} with this id exists`) : new NotFound(`${what[0]!.toUpperCase()}${what.slice(1)} not found`);
    if (error instanceof TransactionCancelled && error.reasons.includes('ConditionalCheckFailed'))
      throw new NotFound('The category it belongs to was not found');
    throw error;
  }
}

/** A transaction's worth of items: DynamoDB takes at most 100 in one. */
const transactionSize = 100;

/**
 * Stores a game or gift-card brand, new or changed. A renamed game renames itself in its plans
 * (each carries its game's name for the orders it makes): with the game's own write when they
 * fit in its transaction, the rest right after.
 */
export async function saveMasterCategory(
  category: repo.MasterCategory,
  isNew: boolean,
  alsoWrite: AlsoWrite = [],
): Promise<repo.MasterCategory> {
  const now = new Date().toISOString();
  const previous = isNew ? undefined : await repo.getMasterCategory(category.id);
  const renamed = previous && previous.name !== category.name;
  const planUpdates = renamed ? await gamePlanContextItems(category, now) : [];
  const first = [repo.masterCategoryItem(category, isNew, now), ...alsoWrite];
  const room = transactionSize - first.length;
  await write([...first, ...planUpdates.slice(0, room)], isNew, 'category');
  for (let start = room; start < planUpdates.length; start += transactionSize)
    await transact(planUpdates.slice(start, start + transactionSize));
  return category;
}

/** The plan-context updates of every plan of a game, for its new name. */
async function gamePlanContextItems(category: repo.MasterCategory, now: string): Promise<TransactionItem[]> {
  const groups = await repo.listPlanGroups(category.id);
  const perGroup = await Promise.all(
    groups.map(async (group) => repo.planContextItems(await repo.listPlans(group.id), contextOf(group, category), now)),
  );
  return perGroup.flat();
}

/** What the plans of a group carry of it and of its game. */
const contextOf = (group: repo.PlanGroup, game: repo.MasterCategory): repo.PlanContext => ({
  groupName: group.name,
  masterCategoryId: game.id,
  gameName: game.name,
  playerIdFormat: group.playerIdFormat,
});

/**
 * Stores a plan group, new or changed, counted under its game (moved between games: counted
 * under the new one only). When its name, game or player-ID format changes, its plans take the
 * new context in the same transaction.
 */
export async function savePlanGroup(
  group: repo.PlanGroup,
  previous: repo.PlanGroup | undefined,
  alsoWrite: AlsoWrite = [],
): Promise<repo.PlanGroup> {
  const now = new Date().toISOString();
  const game = await repo.getMasterCategory(group.masterCategoryId);
  if (!game) throw new NotFound('The category it belongs to was not found');
  const items = [repo.planGroupItem(group, !previous, now)];
  if (previous?.masterCategoryId !== group.masterCategoryId) {
    items.push(repo.masterCategoryChildItem(group.masterCategoryId, 1));
    if (previous) items.push(repo.masterCategoryChildItem(previous.masterCategoryId, -1));
  }
  const contextChanged =
    previous &&
    (previous.name !== group.name ||
      previous.masterCategoryId !== group.masterCategoryId ||
      JSON.stringify(previous.playerIdFormat) !== JSON.stringify(group.playerIdFormat));
  if (contextChanged) items.push(...repo.planContextItems(await repo.listPlans(group.id), contextOf(group, game), now));
  await write([...items, ...alsoWrite], !previous, 'plan group');
  return group;
}

/** Stores a plan, new or changed, counted under its group, with its group's and game's context. */
export async function savePlan(
  plan: Omit<repo.Plan, keyof repo.PlanContext>,
  previous: repo.Plan | undefined,
  alsoWrite: AlsoWrite = [],
): Promise<repo.Plan> {
  const group = await repo.getPlanGroup(plan.groupId);
  if (!group) throw new NotFound('Plan group not found');
  const game = await repo.getMasterCategory(group.masterCategoryId);
  if (!game) throw new NotFound('The category it belongs to was not found');
  const stored: repo.Plan = { ...plan, ...contextOf(group, game) };
  const items = [repo.planItem(stored, !previous, new Date().toISOString())];
  if (previous?.groupId !== plan.groupId) {
    items.push(repo.planGroupChildItem(plan.groupId, 1));
    if (previous) items.push(repo.planGroupChildItem(previous.groupId, -1));
  }
  await write([...items, ...alsoWrite], !previous, 'plan');
  return stored;
}

/** Deletes a master category without plan groups or vouchers (else 409). */
export async function deleteMasterCategory(id: string, alsoWrite: AlsoWrite = []): Promise<void> {
  await deleteChildless(
    repo.deleteMasterCategoryItem(id),
    alsoWrite,
    () => repo.getMasterCategory(id),
    'Category',
    'it still has plan groups or vouchers',
  );
}

/** Deletes a plan group without plans (else 409). */
export async function deletePlanGroup(id: string, alsoWrite: AlsoWrite = []): Promise<void> {
  const group = await repo.getPlanGroup(id);
  if (!group) throw new NotFound('Plan group not found');
  await deleteChildless(
    repo.deletePlanGroupItem(id),
    [repo.masterCategoryChildItem(group.masterCategoryId, -1), ...alsoWrite],
    async () => group,
    'Plan group',
    'it still has plans',
  );
}

/** Deletes a plan. */
export async function deletePlan(id: string, alsoWrite: AlsoWrite = []): Promise<void> {
  const plan = await repo.getPlan(id);
  if (!plan) throw new NotFound('Plan not found');
  await deleteChildless(repo.deletePlanItem(id), [repo.planGroupChildItem(plan.groupId, -1), ...alsoWrite], async () => plan, 'Plan', '');
}

/** A delete whose condition failed: 404 when the item is gone, else 409 because children remain. */
async function deleteChildless(
  item: TransactionItem,
  alsoWrite: AlsoWrite,
  read: () => Promise<unknown>,
  what: string,
  children: string,
): Promise<void> {
  try {
    await transact([item, ...alsoWrite]);
  } catch (error) {
    if (!(error instanceof TransactionCancelled && error.failedAt(0))) throw error;
    if (!(await read())) throw new NotFound(`${what} not found`);
    throw new Conflict(`${what} cannot be deleted: ${children}`);
  }
}

/** A master category's item of its count of vouchers, for the vouchers area's writes. */
export const voucherCountItem = repo.masterCategoryChildItem;
