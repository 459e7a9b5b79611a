import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './db';
import { TooManyRequests } from './errors';

/** A limit of `max` attempts per `windowSeconds` for each key of a named bucket kind. */
export interface RateLimit {
  name: string;
  max: number;
  windowSeconds: number;
  /** Said to the caller when the limit is reached, given how long until it lets attempts through. */
  message: (waitSeconds: number) => string;
}

/** The usual refusal: "… Please try again in N minutes." */
export const tryAgainIn = (what: string) => (waitSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  return `${what} Please try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`;
};

/** Where a bucket stands after an attempt was taken from it. */
export interface Taken {
  /** Attempts taken in this window, this one included. */
  count: number;
  windowEndsAt: number;
  /** How many times the bucket has been locked since it was last reset. */
  locks: number;
}

const taken = (item: Record<string, unknown>): Taken => ({
  count: Number(item.attempts),
  windowEndsAt: Number(item.windowEndsAt),
  locks: Number(item.locks ?? 0),
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A bucket's item: LIMIT#<name>#<key> / #COUNT, expiring (TTL) a day after its window. */
const bucketKey = (limit: RateLimit, key: string) => ({ pk: `LIMIT#${limit.name}#${key}`, sk: '#COUNT' });

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/**
 * Takes one attempt from a bucket, atomically: a conditional increment that refuses once the
 * window holds `max` attempts (429 with Retry-After), so that at most `max` attempts go through
 * per window whatever the concurrency. A bucket whose window has passed starts again at one.
 */
export async function takeAttempt(limit: RateLimit, key: string, now = nowSeconds()): Promise<Taken> {
  const Key = bucketKey(limit, key);
  for (let tries = 0; ; tries += 1) {
    try {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key,
          UpdateExpression: 'ADD attempts :one',
          ConditionExpression: 'windowEndsAt > :now AND attempts < :max',
          ExpressionAttributeValues: { ':one': 1, ':now': now, ':max': limit.max },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return taken(Attributes!);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key, ConsistentRead: true }));
    const windowEndsAt = Number(Item?.windowEndsAt ?? 0);
    if (windowEndsAt > now) {
      // Full, unless an attempt was given back in between: then try the increment again.
      if (Number(Item!.attempts) >= limit.max || tries >= 3)
        throw new TooManyRequests(limit.message(windowEndsAt - now), windowEndsAt - now);
      continue;
    }
    try {
      const fresh = now + limit.windowSeconds;
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key,
          UpdateExpression: 'SET attempts = :one, windowEndsAt = :end, expiresAt = :expires, entity = :entity',
          ConditionExpression: 'attribute_not_exists(pk) OR windowEndsAt <= :now',
          ExpressionAttributeValues: { ':one': 1, ':end': fresh, ':expires': fresh + 86_400, ':now': now, ':entity': 'RateLimit' },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return taken(Attributes!);
    } catch (error) {
      // Another request started the new window first: take from it. A bucket still contended after
      // a few tries refuses, as a full one does: contention never lets an attempt through unnumbered.
      if (!isConditionFailure(error)) throw error;
      if (tries >= 3) throw new TooManyRequests(limit.message(limit.windowSeconds), limit.windowSeconds);
    }
  }
}

/** Gives an attempt back (one that succeeded and should not count against the limit). */
export async function giveBack(limit: RateLimit, key: string): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: tableName,
        Key: bucketKey(limit, key),
        UpdateExpression: 'ADD attempts :minus',
        ConditionExpression: 'attempts > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/** Forgets a bucket. */
export async function resetBucket(limit: RateLimit, key: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName, Key: bucketKey(limit, key) }));
}

/** Keeps a full bucket closed until `windowEndsAt` (a lock that grows with each one). */
export async function lockBucket(limit: RateLimit, key: string, windowEndsAt: number): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: bucketKey(limit, key),
      UpdateExpression: 'SET windowEndsAt = :end, expiresAt = :expires ADD #locks :one',
      ExpressionAttributeNames: { '#locks': 'locks' },
      ExpressionAttributeValues: { ':end': windowEndsAt, ':expires': windowEndsAt + 86_400, ':one': 1 },
    }),
  );
}
