import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../shared/db';
import { fromItem, position } from '../shared/items';
import type { ScheduledSale } from '../shared/scheduled-sale';
import { type TransactionItem, childCountItem, deleteChildlessItem, salesCopyItem, upsertItem } from '../shared/transactions';

/** A master category: a game (top-ups) or a gift-card brand (codes, name ends with a full stop). */
export interface MasterCategory {
  id: string;
  name: string;
  image: string;
  position: number;
  /** The nickname lookup's name for the game; without it the confirm step shows no name. */
  lookupCode?: string;
}

/** A plan group of a game: one order form (player ID, or game-account login) and its plans. */
export interface PlanGroup {
  id: string;
  masterCategoryId: string;
  name: string;
  image: string;
  position: number;
  /** How the game's player IDs look, for a UID group that states it. */
  playerIdFormat?: PlayerIdFormat;
}

/** A player ID's digits: from `minDigits` to `maxDigits` of them. */
export interface PlayerIdFormat {
  minDigits: number;
  maxDigits: number;
}

/** What an order of a plan needs of its group and game, copied onto the plan so that one read decides an order. */
export interface PlanContext {
  groupName: string;
  masterCategoryId: string;
  gameName: string;
  playerIdFormat?: PlayerIdFormat;
}

/**
 * How a plan's orders are delivered: by an operator from the queue (`manual`), with one code of a
 * voucher's inventory (`stock`), or through the supplier's top-up API (`supplier`: its product
 * code, and what one costs us in whole taka).
 */
export type PlanDelivery = { mode: 'manual' } | { mode: 'stock'; voucherId: string } | { mode: 'supplier'; sku: string; cost: number };

/** 1: on sale; 0: out of stock. */
export type PlanStatus = 0 | 1;

/** A top-up plan, with its `PlanContext` copied from its group and game so that one read decides an order. */
export interface Plan extends PlanContext {
  id: string;
  groupId: string;
  name: string;
  image: string;
  price: number;
  diamonds: number;
  status: PlanStatus;
  position: number;
  /** Absent on plans saved before delivery modes: manual. */
  delivery?: PlanDelivery;
  /** Why automatic delivery stopped for the plan (a guard tripped); saving the plan clears it. */
  deliveryPaused?: string;
  /** Its flash sales not ended (promotions/sale-rules.ts), so that the read that prices an order knows them. */
  sales?: ScheduledSale[];
}

/** What one unit of a plan costs us, where it is recorded (a supplier plan's). */
export const recordedCost = (plan: Pick<Plan, 'delivery'>) => (plan.delivery?.mode === 'supplier' ? plan.delivery.cost : undefined);

const keys = {
  masterCategory: (id: string) => ({ pk: `MCAT#${id}`, sk: '#META' }),
  masterCategoryListing: (c: MasterCategory) => ({ gsi1pk: 'MCATS', gsi1sk: `${position(c.position)}#${c.id}` }),
  group: (id: string) => ({ pk: `GROUP#${id}`, sk: '#META' }),
  groupListing: (g: PlanGroup) => ({ gsi1pk: `MCAT#${g.masterCategoryId}`, gsi1sk: `GROUP#${position(g.position)}#${g.id}` }),
  plan: (id: string) => ({ pk: `PLAN#${id}`, sk: '#META' }),
  planListing: (p: Plan) => ({ gsi1pk: `GROUP#${p.groupId}`, gsi1sk: `PLAN#${position(p.position)}#${p.id}` }),
};

/** The item that stores a master category, new or changed (its count of children is kept). */
export const masterCategoryItem = (category: MasterCategory, isNew: boolean, now: string) =>
  upsertItem(
    'MasterCategory',
    { ...keys.masterCategory(category.id), ...keys.masterCategoryListing(category) },
    { ...category, lookupCode: category.lookupCode ?? null },
    isNew,
    now,
  );

/** The item that stores a plan group, new or changed (its count of plans is kept). */
export const planGroupItem = (group: PlanGroup, isNew: boolean, now: string) =>
  upsertItem(
    'PlanGroup',
    { ...keys.group(group.id), ...keys.groupListing(group) },
    { ...group, playerIdFormat: group.playerIdFormat ?? null },
    isNew,
    now,
  );

/** The item that stores a plan, new or changed. */
export const planItem = (plan: Plan, isNew: boolean, now: string) =>
  upsertItem(
    'Plan',
    { ...keys.plan(plan.id), ...keys.planListing(plan) },
    { ...plan, playerIdFormat: plan.playerIdFormat ?? null, deliveryPaused: plan.deliveryPaused ?? null },
    isNew,
    now,
  );

/**
 * Stops automatic delivery of a plan for `reason` (a price at or below cost, a supplier asking
 * more than the recorded cost), in the transaction that sends its order to the operators' queue;
 * its orders go to the queue until an operator saves the plan again.
 */
export function pauseDeliveryItem(planId: string, reason: string, now: string): TransactionItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.plan(planId),
      UpdateExpression: 'SET deliveryPaused = :reason, updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':reason': reason, ':now': now },
    },
  };
}

/** A master category counts its plan groups and vouchers: one more (or less) in the transaction that adds (or removes) one. */
export const masterCategoryChildItem = (masterCategoryId: string, delta: number) =>
  childCountItem(keys.masterCategory(masterCategoryId), delta);

/** A plan group counts its plans, likewise. */
export const planGroupChildItem = (groupId: string, delta: number) => childCountItem(keys.group(groupId), delta);

/** Deletes a master category that has no plan groups or vouchers left. */
export const deleteMasterCategoryItem = (id: string) => deleteChildlessItem(keys.masterCategory(id));

/** Deletes a plan group that has no plans left. */
export const deletePlanGroupItem = (id: string) => deleteChildlessItem(keys.group(id));

/** Deletes a plan. */
export const deletePlanItem = (id: string) => deleteChildlessItem(keys.plan(id));

/** The plans of a changed group or game take the new context (they carry it so that one read decides an order). */
export function planContextItems(plans: Pick<Plan, 'id'>[], context: PlanContext, now: string): TransactionItem[] {
  const format = context.playerIdFormat;
  return plans.map((plan) => ({
    Update: {
      TableName: tableName,
      Key: keys.plan(plan.id),
      UpdateExpression: `SET groupName = :group, masterCategoryId = :game, gameName = :gameName, updatedAt = :now${format ? ', playerIdFormat = :format' : ' REMOVE playerIdFormat'}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':group': context.groupName,
        ':game': context.masterCategoryId,
        ':gameName': context.gameName,
        ':now': now,
        ...(format ? { ':format': format } : {}),
      },
    },
  }));
}

/** A plan: GetItem PLAN#id / #META, strongly consistent. */
export async function getPlan(id: string): Promise<Plan | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.plan(id), ConsistentRead: true }));
  return Item ? planFromItem(Item) : undefined;
}

/** Every item of one gsi1 partition (whose sort key starts with `prefix`, if given), in key order. */
async function queryListing<T>(partition: string, prefix?: string): Promise<T[]> {
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: prefix ? 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)' : 'gsi1pk = :pk',
        ExpressionAttributeValues: prefix ? { ':pk': partition, ':prefix': prefix } : { ':pk': partition },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []).map((item) => fromItem<T>(item)));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** Every master category in menu order: Query gsi1 MCATS. */
export function listMasterCategories(): Promise<MasterCategory[]> {
  return queryListing<MasterCategory>('MCATS');
}

/** A master category: GetItem MCAT#id / #META, strongly consistent. */
export async function getMasterCategory(id: string): Promise<MasterCategory | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.masterCategory(id), ConsistentRead: true }));
  return Item ? fromItem<MasterCategory>(Item) : undefined;
}

/** A game's plan groups in order: Query gsi1 MCAT#id, begins_with GROUP#. */
export function listPlanGroups(masterCategoryId: string): Promise<PlanGroup[]> {
  return queryListing<PlanGroup>(`MCAT#${masterCategoryId}`, 'GROUP#');
}

/** A plan group: GetItem GROUP#id / #META, strongly consistent. */
export async function getPlanGroup(id: string): Promise<PlanGroup | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.group(id), ConsistentRead: true }));
  return Item ? fromItem<PlanGroup>(Item) : undefined;
}

/** A group's plans in order: Query gsi1 GROUP#id, begins_with PLAN#. */
export function listPlans(groupId: string): Promise<Plan[]> {
  return queryListing<Plan>(`GROUP#${groupId}`, 'PLAN#');
}

/** A master category's key, for a batch read. */
export const masterCategoryKey = keys.masterCategory;

/** Reads a master category item. */
export const masterCategoryFromItem = (item: Record<string, unknown>) => fromItem<MasterCategory>(item);

/** The plan's key, for the batch read of an order. */
export const planKey = keys.plan;

/** Reads a plan item into a `Plan`. */
export const planFromItem = (item: Record<string, unknown>) => fromItem<Plan>(item);

/** A condition that the plan is still on sale at the price the order was priced at. */
export function planOnSaleCheckItem(plan: Pick<Plan, 'id' | 'price'>): TransactionItem {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.plan(plan.id),
      ConditionExpression: '#status = :onSale AND price = :price',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':onSale': 1, ':price': plan.price },
    },
  };
}

export type { ScheduledSale };

/** A plan's sales replaced by `sales`, on condition that they are still the ones read. */
export const planSalesItem = (planId: string, read: readonly ScheduledSale[] | undefined, sales: readonly ScheduledSale[]) =>
  salesCopyItem(keys.plan(planId), read, sales);
