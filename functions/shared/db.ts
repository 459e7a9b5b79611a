import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { requiredEnv } from './config';

/** The table every repo reads and writes. */
export const tableName = requiredEnv('TABLE_NAME');

/**
 * One document client per container. DYNAMODB_ENDPOINT points it at DynamoDB Local; in the
 * cloud it is unset and the SDK uses the regional endpoint.
 */
export const db = DynamoDBDocumentClient.from(
  new DynamoDBClient(process.env.DYNAMODB_ENDPOINT ? { endpoint: process.env.DYNAMODB_ENDPOINT } : {}),
  { marshallOptions: { removeUndefinedValues: true } },
);

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
