import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { requiredEnv } from './config';
import { type Page, type PageRequest, decodeCursor, encodeCursor } from './cursor';
import type { IndexName } from './table';

/** The table every repo reads and writes. */
export const tableName = requiredEnv('TABLE_NAME');

/**
 * One document client per container. Locally the SDK's own AWS_ENDPOINT_URL_DYNAMODB points it
 * at DynamoDB Local (so the deployed bundles run there unmodified); in the cloud it is unset and
 * the SDK uses the regional endpoint.
 */
export const db = DynamoDBDocumentClient.from(new DynamoDBClient({}), { marshallOptions: { removeUndefinedValues: true } });

/** Writes one whole item, replacing any previous version (seed and admin writes). */
export async function putItem(item: object): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName, Item: item as Record<string, unknown> }));
}

type Key = { pk: string; sk: string };

/**
 * Reads up to 100 items by key in one BatchGetItem (strongly consistent) and returns them in the
 * order of `keys`, `undefined` where an item does not exist. Unprocessed keys are read again.
 */
export async function batchGet(keys: Key[]): Promise<(Record<string, unknown> | undefined)[]> {
  const found = new Map<string, Record<string, unknown>>();
  let pending: Key[] = keys;
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    if (attempt > 5) throw new Error('BatchGetItem left keys unprocessed after 5 retries');
    const { Responses, UnprocessedKeys } = await db.send(
      new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ConsistentRead: true } } }),
    );
    for (const item of Responses?.[tableName] ?? []) found.set(`${item.pk}|${item.sk}`, item);
    pending = (UnprocessedKeys?.[tableName]?.Keys ?? []) as Key[];
  }
  return keys.map((key) => found.get(`${key.pk}|${key.sk}`));
}

/**
 * The newest `limit` items of a partition whose sort keys start with `prefix`: one descending
 * Query (ids in sort keys are time-ordered). The history lists of a user's partition use it.
 */
export async function newestItems(pk: string, prefix: string, limit = 100): Promise<Record<string, unknown>[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items;
}

/** One partition of the table or of an index: its key attribute and value. */
export interface Partition {
  index?: IndexName;
  /** `pk`, or the index's partition key (`gsi1pk`, …). */
  key: string;
  value: string;
  /** Only the items whose sort key (`sortKey`, `sk` by default) begins with this. */
  sortPrefix?: string;
  /** Only the items whose sort key sorts below this. */
  sortBelow?: string;
  /** Only the items whose sort key sorts above this. */
  sortAbove?: string;
  /** Only the items whose sort key sorts from the first to the second, both included. */
  sortBetween?: readonly [string, string];
  sortKey?: string;
}

/** The key condition of a partition, with its names and values. */
function partitionCondition(partition: Partition) {
  const names: Record<string, string> = { '#pk': partition.key };
  const values: Record<string, string> = { ':pk': partition.value };
  names['#sk'] = partition.sortKey ?? 'sk';
  if (partition.sortPrefix !== undefined) {
    values[':prefix'] = partition.sortPrefix;
    return {
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    };
  }
  if (partition.sortBelow !== undefined) {
    values[':below'] = partition.sortBelow;
    return { KeyConditionExpression: '#pk = :pk AND #sk < :below', ExpressionAttributeNames: names, ExpressionAttributeValues: values };
  }
  if (partition.sortBetween !== undefined) {
    [values[':from'], values[':to']] = partition.sortBetween;
    return {
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    };
  }
  if (partition.sortAbove !== undefined) {
    values[':above'] = partition.sortAbove;
    return { KeyConditionExpression: '#pk = :pk AND #sk > :above', ExpressionAttributeNames: names, ExpressionAttributeValues: values };
  }
  delete names['#sk'];
  return { KeyConditionExpression: '#pk = :pk', ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

/**
 * Every item of a partition, in key order, page after page (for partitions an operator's report
 * or a job reads whole: a day, the waiting payments); `attributes` projects only those.
 */
export async function queryAll(partition: Partition, attributes?: readonly string[]): Promise<Record<string, unknown>[]> {
  const condition = partitionCondition(partition);
  const projected = attributes?.map((name, i) => [`#a${i}`, name] as const) ?? [];
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: partition.index,
        ...condition,
        ExpressionAttributeNames: { ...condition.ExpressionAttributeNames, ...Object.fromEntries(projected) },
        ProjectionExpression: attributes ? projected.map(([alias]) => alias).join(', ') : undefined,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/**
 * One page of a partition, in key order or reversed, from where `cursor` left off: one Query.
 * Admin lists use it; a cursor made for another partition is a 400.
 */
export async function queryPage(
  partition: Partition,
  options: PageRequest & { ascending: boolean },
): Promise<Page<Record<string, unknown>>> {
  const page = await db.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: partition.index,
      ...partitionCondition(partition),
      ScanIndexForward: options.ascending,
      Limit: options.limit,
      ExclusiveStartKey: decodeCursor(options.cursor, { [partition.key]: partition.value }),
    }),
  );
  return { items: page.Items ?? [], nextCursor: encodeCursor(page.LastEvaluatedKey) };
}

/** A filter applied to a query's items after the key condition: its expression, names and values. */
export interface ItemFilter {
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/** How many items a partition holds (those passing `filter`, if given): Query with Select COUNT, page after page (for short queues). */
export async function countPartition(partition: Partition, filter?: ItemFilter): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  const condition = partitionCondition(partition);
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: partition.index,
        ...condition,
        ...(filter && {
          FilterExpression: filter.expression,
          ExpressionAttributeNames: { ...condition.ExpressionAttributeNames, ...filter.names },
          ExpressionAttributeValues: { ...condition.ExpressionAttributeValues, ...filter.values },
        }),
        Select: 'COUNT',
        ExclusiveStartKey: startKey,
      }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/** The item of a partition whose sort key is exactly `sortValue` (an index has no GetItem): one Query. */
export async function queryOne(
  partition: Partition & { sortKey: string; sortValue: string },
): Promise<Record<string, unknown> | undefined> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: partition.index,
      KeyConditionExpression: '#pk = :pk AND #sk = :sk',
      ExpressionAttributeNames: { '#pk': partition.key, '#sk': partition.sortKey },
      ExpressionAttributeValues: { ':pk': partition.value, ':sk': partition.sortValue },
    }),
  );
  return Items[0];
}
