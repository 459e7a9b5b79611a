import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../shared/db';
import { fromItem, toItem } from '../shared/items';
import type { TransactionItem } from '../shared/transactions';

export type Role = 'shopper' | 'admin';

/** A shopper or an admin. `tokenVersion` grows on a password change, revoking older tokens. */
export interface User {
  id: string;
  name: string;
  email: string;
  mobileNo: string;
  image: string;
  photoURL?: string;
  role: Role;
  tokenVersion: number;
  passwordHash?: string;
  googleSub?: string;
  createdAt: string;
}

const keys = {
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: '#PROFILE' }),
  emailClaim: (email: string) => ({ pk: `EMAIL#${normalizeEmail(email)}`, sk: '#CLAIM' }),
  mobileClaim: (mobileNo: string) => ({ pk: `MOBILE#${mobileNo}`, sk: '#CLAIM' }),
};

/** Emails compare trimmed and case-insensitively. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The profile's key, for batch reads. */
export const userKey = keys.user;

/**
 * The items that create a user: the profile and a claim on its email and, unless it is the
 * Google placeholder, its mobile number. Each is conditioned on not existing, so two concurrent
 * registrations of one email cannot both succeed. Order: profile, email claim, mobile claim.
 */
export function createUserItems(user: User, claimMobile: boolean): TransactionItem[] {
  const claim = (key: { pk: string; sk: string }): TransactionItem => ({
    Put: { TableName: tableName, Item: toItem('Claim', key, { userId: user.id }, user.createdAt), ConditionExpression: 'attribute_not_exists(pk)' },
  });
  return [
    { Put: { TableName: tableName, Item: toItem('User', keys.user(user.id), user, user.createdAt), ConditionExpression: 'attribute_not_exists(pk)' } },
    claim(keys.emailClaim(user.email)),
    ...(claimMobile ? [claim(keys.mobileClaim(user.mobileNo))] : []),
  ];
}

/** Reads a profile item into a `User`. */
export const userFromItem = (item: Record<string, unknown>) => fromItem<User>(item);

/** A user by id, strongly consistent: GetItem USER#id / #PROFILE. */
export async function getUser(userId: string): Promise<User | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.user(userId), ConsistentRead: true }));
  return Item ? userFromItem(Item) : undefined;
}
