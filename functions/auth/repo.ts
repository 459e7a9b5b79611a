import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../shared/db';
import { toItem } from '../shared/items';
import type { TransactionItem } from '../shared/transactions';
import type { FailureCount, LimitScope } from './login-limits';
import { type User, userKey } from './user-record';

export { type Role, type User, userFromItem, userKey } from './user-record';

/** What a claim item points at. */
export type ClaimKind = 'email' | 'mobile' | 'google';

const keys = {
  user: userKey,
  claim: (kind: ClaimKind, value: string) => ({ pk: `${kind.toUpperCase()}#${kind === 'email' ? normalizeEmail(value) : value}`, sk: '#CLAIM' }),
  failureCount: (scope: LimitScope, key: string) => ({ pk: `LIMIT#login-${scope}#${key}`, sk: '#COUNT' }),
};

/** Emails compare trimmed and case-insensitively. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A claim's key (email, mobile number or Google subject → user), for batch reads. */
export const claimKey = keys.claim;

/** A failure counter's key, for batch reads. */
export const failureCountKey = keys.failureCount;

/** Reads a failure counter item. */
export const failureCountFromItem = (item: Record<string, unknown> | undefined): FailureCount | undefined =>
  item ? { failures: Number(item.failures), windowEndsAt: Number(item.windowEndsAt) } : undefined;

function claimPut(kind: ClaimKind, value: string, userId: string, now: string): TransactionItem {
  return {
    Put: {
      TableName: tableName,
      Item: toItem('Claim', keys.claim(kind, value), { userId, kind }, now),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

function claimDelete(kind: ClaimKind, value: string, userId: string): TransactionItem {
  return {
    Delete: {
      TableName: tableName,
      Key: keys.claim(kind, value),
      ConditionExpression: 'userId = :userId',
      ExpressionAttributeValues: { ':userId': userId },
    },
  };
}

/**
 * The items that create a user: the profile, then claims on its email, its mobile number (unless
 * `claimMobile` is false: the Google placeholder) and its Google subject. Each is conditioned on
 * not existing, so two registrations of one email cannot both succeed.
 */
export function createUserItems(user: User, claimMobile: boolean): { items: TransactionItem[]; claimAt: Partial<Record<ClaimKind, number>> } {
  const items: TransactionItem[] = [
    { Put: { TableName: tableName, Item: toItem('User', keys.user(user.id), user, user.createdAt), ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
  const claimAt: Partial<Record<ClaimKind, number>> = {};
  const claim = (kind: ClaimKind, value: string) => {
    claimAt[kind] = items.length;
    items.push(claimPut(kind, value, user.id, user.createdAt));
  };
  claim('email', user.email);
  if (claimMobile) claim('mobile', user.mobileNo);
  if (user.googleSub) claim('google', user.googleSub);
  return { items, claimAt };
}

export interface ProfileChange {
  name?: string;
  email?: string;
  mobileNo?: string;
  photoURL?: string;
  googleSub?: string;
  passwordHash?: string;
  /** Bump the token version, revoking every older token. */
  revokeTokens?: boolean;
}

/**
 * The update of a profile, conditioned on the token version the caller's session carries, so a
 * change racing a password change elsewhere is refused rather than applied with a revoked token.
 */
export function updateProfileItem(user: User, change: ProfileChange, now: string): TransactionItem {
  const sets = ['updatedAt = :now'];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':now': now, ':version': user.tokenVersion };
  for (const field of ['name', 'email', 'mobileNo', 'photoURL', 'googleSub', 'passwordHash'] as const) {
    if (change[field] === undefined) continue;
    sets.push(`#${field} = :${field}`);
    names[`#${field}`] = field;
    values[`:${field}`] = change[field];
  }
  if (change.revokeTokens) {
    sets.push('tokenVersion = :nextVersion');
    values[':nextVersion'] = user.tokenVersion + 1;
  }
  return {
    Update: {
      TableName: tableName,
      Key: keys.user(user.id),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'tokenVersion = :version',
      ExpressionAttributeNames: Object.keys(names).length > 0 ? names : undefined,
      ExpressionAttributeValues: values,
    },
  };
}

/** Moves a claim from one value to another (email or mobile change). Order: new claim, old release. */
export function moveClaimItems(kind: ClaimKind, from: string | undefined, to: string | undefined, userId: string, now: string): TransactionItem[] {
  return [...(to ? [claimPut(kind, to, userId, now)] : []), ...(from ? [claimDelete(kind, from, userId)] : [])];
}

/** Links a Google subject to a user: the claim, conditioned on not existing. */
export const googleClaimItem = (sub: string, userId: string, now: string) => claimPut('google', sub, userId, now);

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

/** A condition that the user still exists at the token version the session carries (for purchases). */
export function activeUserCheckItem(userId: string, tokenVersion: number): TransactionItem {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.user(userId),
      ConditionExpression: 'tokenVersion = :version',
      ExpressionAttributeValues: { ':version': tokenVersion },
    },
  };
}
