import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, putItem, tableName } from '../shared/db';
import { fromItem, position, toItem } from '../shared/items';
import type { TransactionItem } from '../shared/transactions';

/** A master category: a game (top-ups) or a gift-card brand (codes, name ends with a full stop). */
export interface MasterCategory {
  id: string;
  name: string;
  image: string;
  position: number;
}

/** A plan group of a game: one order form (player ID, or game-account login) and its plans. */
export interface PlanGroup {
  id: string;
  masterCategoryId: string;
  name: string;
  image: string;
  position: number;
}

/** 1: on sale; 0: out of stock. */
export type PlanStatus = 0 | 1;

/** A top-up plan. `groupName` is copied from its group so that one read decides the order form. */
export interface Plan {
  id: string;
  groupId: string;
  groupName: string;
  name: string;
  image: string;
  price: number;
  diamonds: number;
  status: PlanStatus;
  position: number;
}

const keys = {
  masterCategory: (id: string) => ({ pk: `MCAT#${id}`, sk: '#META' }),
  masterCategoryListing: (c: MasterCategory) => ({ gsi1pk: 'MCATS', gsi1sk: `${position(c.position)}#${c.id}` }),
  group: (id: string) => ({ pk: `GROUP#${id}`, sk: '#META' }),
  groupListing: (g: PlanGroup) => ({ gsi1pk: `MCAT#${g.masterCategoryId}`, gsi1sk: `GROUP#${position(g.position)}#${g.id}` }),
  plan: (id: string) => ({ pk: `PLAN#${id}`, sk: '#META' }),
  planListing: (p: Plan) => ({ gsi1pk: `GROUP#${p.groupId}`, gsi1sk: `PLAN#${position(p.position)}#${p.id}` }),
};

/** Stores a master category (seed and admin). */
export function putMasterCategory(category: MasterCategory): Promise<void> {
  return putItem(toItem('MasterCategory', { ...keys.masterCategory(category.id), ...keys.masterCategoryListing(category) }, category));
}

/** Stores a plan group (seed and admin). */
export function putPlanGroup(group: PlanGroup): Promise<void> {
  return putItem(toItem('PlanGroup', { ...keys.group(group.id), ...keys.groupListing(group) }, group));
}

/** Stores a plan (seed and admin). */
export function putPlan(plan: Plan): Promise<void> {
  return putItem(toItem('Plan', { ...keys.plan(plan.id), ...keys.planListing(plan) }, plan));
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

/** A master category: GetItem MCAT#id / #META. */
export async function getMasterCategory(id: string): Promise<MasterCategory | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.masterCategory(id) }));
  return Item ? fromItem<MasterCategory>(Item) : undefined;
}

/** A game's plan groups in order: Query gsi1 MCAT#id, begins_with GROUP#. */
export function listPlanGroups(masterCategoryId: string): Promise<PlanGroup[]> {
  return queryListing<PlanGroup>(`MCAT#${masterCategoryId}`, 'GROUP#');
}

/** A plan group: GetItem GROUP#id / #META. */
export async function getPlanGroup(id: string): Promise<PlanGroup | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.group(id) }));
  return Item ? fromItem<PlanGroup>(Item) : undefined;
}

/** A group's plans in order: Query gsi1 GROUP#id, begins_with PLAN#. */
export function listPlans(groupId: string): Promise<Plan[]> {
  return queryListing<Plan>(`GROUP#${groupId}`, 'PLAN#');
}

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
