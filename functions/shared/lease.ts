import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './db';

/** A lease's item: LEASE#<name> / #LEASE, with its holder and when it lapses (TTL removes stale ones). */
const leaseKey = (name: string) => ({ pk: `LEASE#${name}`, sk: '#LEASE' });

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/**
 * Runs `work` only while holding the lease `name`: one conditional write takes it when it is free
 * or lapsed (a holder that died frees it after `forMs`), and the holder gives it back after. A run
 * that finds it held does nothing and answers undefined. This keeps a scheduled job to one run at
 * a time without reserved concurrency, which a new account's quota refuses.
 */
export async function withLease<T>(name: string, holder: string, forMs: number, work: () => Promise<T>): Promise<T | undefined> {
  const now = Date.now();
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: leaseKey(name),
        UpdateExpression: 'SET holder = :holder, lapsesAt = :lapsesAt, expiresAt = :expiresAt, entity = :entity',
        ConditionExpression: 'attribute_not_exists(pk) OR lapsesAt < :now',
        ExpressionAttributeValues: {
          ':holder': holder,
          ':lapsesAt': now + forMs,
          ':expiresAt': Math.ceil((now + forMs) / 1000) + 86_400,
          ':now': now,
          ':entity': 'Lease',
        },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
  try {
    return await work();
  } finally {
    await db
      .send(
        new DeleteCommand({
          TableName: tableName,
          Key: leaseKey(name),
          ConditionExpression: 'holder = :holder',
          ExpressionAttributeValues: { ':holder': holder },
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
  }
}
