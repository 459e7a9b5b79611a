import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../shared/db';
import type { FailureCount, LimitScope } from './login-limits';

const keys = {
  failureCount: (scope: LimitScope, key: string) => ({ pk: `LIMIT#login-${scope}#${key}`, sk: '#COUNT' }),
};

/** A failure counter's key, for batch reads. */
export const failureCountKey = keys.failureCount;

/** Reads a failure counter item. */
export const failureCountFromItem = (item: Record<string, unknown> | undefined): FailureCount | undefined =>
  item ? { failures: Number(item.failures), windowEndsAt: Number(item.windowEndsAt) } : undefined;

/**
 * Counts one more failure in the current window and returns the new count; a count whose window
 * has passed starts again at one. The item expires (TTL) a day after its window.
 */
export async function addFailure(scope: LimitScope, key: string, now: number, windowSeconds: number): Promise<FailureCount> {
  const Key = keys.failureCount(scope, key);
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key,
        UpdateExpression: 'ADD failures :one',
        ConditionExpression: 'windowEndsAt > :now',
        ExpressionAttributeValues: { ':one': 1, ':now': now },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return failureCountFromItem(Attributes)!;
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    const fresh = { failures: 1, windowEndsAt: now + windowSeconds };
    await db.send(new PutCommand({ TableName: tableName, Item: { ...Key, entity: 'FailureCount', ...fresh, expiresAt: fresh.windowEndsAt + 86_400 } }));
    return fresh;
  }
}

/** Restarts a count's window from now: the lock that follows a tripped limit. */
export async function extendWindow(scope: LimitScope, key: string, windowEndsAt: number): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.failureCount(scope, key),
      UpdateExpression: 'SET windowEndsAt = :end, expiresAt = :expires',
      ExpressionAttributeValues: { ':end': windowEndsAt, ':expires': windowEndsAt + 86_400 },
    }),
  );
}

/** Forgets an account's failures after a success. */
export async function clearFailures(scope: LimitScope, key: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName, Key: keys.failureCount(scope, key) }));
}
