import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
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
