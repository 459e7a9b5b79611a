import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, db, tableName } from '../shared/db';
import type { Language } from '../contract/fields';
import { normalizeEmail, normalizeMobile } from '../contract/rules';
import { fromItem, toItem } from '../shared/items';
import type { TransactionItem } from '../shared/transactions';

export type Role = 'shopper' | 'admin';

/**
 * A shopper or an admin. `tokenVersion` grows when sessions must end (a password set or reset, a
 * takeover, a completed email change), revoking older tokens. `stateVersion` grows on every
 * identity change (see `changesIdentity`), voiding every link mailed before it; it is apart from
 * `tokenVersion` because some changes (asking for a new email) must not end the owner's session.
 */
export interface User {
  id: string;
  name: string;
  email: string;
  mobileNo: string;
  image: string;
  photoURL?: string;
  role: Role;
  tokenVersion: number;
  /** Absent on accounts made before it existed, which read as 0. */
  stateVersion?: number;
  passwordHash?: string;
  /**
   * The address whose proven owner set the password: by a reset link it reached, by a Google
   * sign-in, or by following a link to it while signed in to the account. Absent for a password
   * typed at registration and never proved; one proved under an address the account left is not
   * the new address's owner's.
   */
  passwordProvenFor?: string;
  googleSub?: string;
  /** Whether the owner of `email` proved it (a link we mailed, or Google's verified claim). */
  emailVerified?: boolean;
  /** A new address the user asked for, taking effect once it is verified. */
  pendingEmail?: string;
  /**
   * The mobile number whose owner proved it with a code we texted to it. It counts only while it
   * is the account's `mobileNo` (see `verifiedMobileOf`); a profile change of the number removes it.
   */
  mobileVerified?: string;
  /** The kinds of optional mail the user turned off (notifications' mail topics). */
  mailOptOuts?: string[];
  /** The language of the shop the user chose, which their mails are written in; absent (older accounts): English. */
  language?: Language;
  createdAt: string;
}

/** What a claim item points at: an email, a mobile number or a Google subject, each one user's. */
export type ClaimKind = 'email' | 'mobile' | 'google';

// The identities' one form lives with the pure rules, which the blocklist and the SPA share.
export { normalizeEmail, normalizeMobile };

/** The account's mobile number when its owner proved it (a code texted to it), else undefined. */
export const verifiedMobileOf = (user: Pick<User, 'mobileNo' | 'mobileVerified'>) =>
  user.mobileVerified !== undefined && user.mobileVerified === user.mobileNo ? user.mobileVerified : undefined;

const keys = {
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: '#PROFILE' }),
  claim: (kind: ClaimKind, value: string) => ({
    pk: `${kind.toUpperCase()}#${kind === 'email' ? normalizeEmail(value) : value}`,
    sk: '#CLAIM',
  }),
};

/** The profile's key: USER#id / #PROFILE. */
export const userKey = keys.user;

/** A claim's key (email, mobile number or Google subject → user), for batch reads. */
export const claimKey = keys.claim;

/** Reads a profile item into a `User`. */
export const userFromItem = (item: Record<string, unknown>) => fromItem<User>(item);

/** A user, read strongly consistent: GetItem USER#id / #PROFILE. */
export async function getUser(userId: string): Promise<User | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.user(userId), ConsistentRead: true }));
  return Item && userFromItem(Item);
}

/** A condition that the user still exists at this token version, so a write races no password change. */
export function activeUserCheckItem(user: Pick<User, 'id' | 'tokenVersion'>): TransactionItem {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.user(user.id),
      ConditionExpression: 'tokenVersion = :version',
      ExpressionAttributeValues: { ':version': user.tokenVersion },
    },
  };
}

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
export function createUserItems(
  user: User,
  claimMobile: boolean,
): { items: TransactionItem[]; claimAt: Partial<Record<ClaimKind, number>> } {
  const items: TransactionItem[] = [
    {
      Put: {
        TableName: tableName,
        Item: toItem('User', keys.user(user.id), user, user.createdAt),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
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
  /** null clears the password (a Google identity taking over an unverified account). */
  passwordHash?: string | null;
  passwordProvenFor?: string | null;
  role?: Role;
  emailVerified?: boolean;
  /** null clears a pending email change. */
  pendingEmail?: string | null;
  /** null: the number changed, and the new one is not proved. */
  mobileVerified?: string | null;
  /** Bump the token version, revoking every older token. */
  revokeTokens?: boolean;
}

const profileFields = [
  'name',
  'email',
  'mobileNo',
  'photoURL',
  'googleSub',
  'passwordHash',
  'passwordProvenFor',
  'role',
  'emailVerified',
  'pendingEmail',
  'mobileVerified',
] as const;

/** The account's state version (0 before it was first recorded). */
export const stateVersionOf = (user: Pick<User, 'stateVersion'>) => user.stateVersion ?? 0;

/** Whether a change is one of who holds the account: it then bumps the state version. */
export function changesIdentity(change: ProfileChange): boolean {
  return (
    change.revokeTokens === true ||
    (['email', 'pendingEmail', 'passwordHash', 'googleSub', 'role'] as const).some((field) => change[field] !== undefined)
  );
}

/**
 * A change as it is written: an identity change voids every link mailed before it, the pending
 * email's confirmation link among them, so unless it sets the pending email itself it clears it
 * (the profile must not promise a change that can no longer happen).
 */
function withVoidedPendingEmail(user: User, change: ProfileChange): ProfileChange {
  return user.pendingEmail && changesIdentity(change) && change.pendingEmail === undefined ? { ...change, pendingEmail: null } : change;
}

/** The user as a change leaves it, versions included (for mailing links under the new state). */
export function afterChange(user: User, requested: ProfileChange): User {
  const change = withVoidedPendingEmail(user, requested);
  const next: User = {
    ...user,
    tokenVersion: user.tokenVersion + (change.revokeTokens ? 1 : 0),
    stateVersion: stateVersionOf(user) + (changesIdentity(change) ? 1 : 0),
  };
  for (const field of profileFields) {
    if (change[field] === null) delete next[field];
    else if (change[field] !== undefined) Object.assign(next, { [field]: change[field] });
  }
  return next;
}

/**
 * The update of a profile, conditioned on the token and state versions that were read, so a change
 * racing an identity change elsewhere (a reset, a takeover, a link spent) is refused rather than
 * applied to a state it was not decided on. An identity change bumps the state version (and
 * clears a pending email it voids).
 */
export function updateProfileItem(user: User, requested: ProfileChange, now: string): TransactionItem {
  const change = withVoidedPendingEmail(user, requested);
  const sets = ['updatedAt = :now'];
  const removes: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':now': now, ':version': user.tokenVersion };
  for (const field of profileFields) {
    if (change[field] === undefined) continue;
    names[`#${field}`] = field;
    if (change[field] === null) {
      removes.push(`#${field}`);
      continue;
    }
    sets.push(`#${field} = :${field}`);
    values[`:${field}`] = change[field];
  }
  if (change.revokeTokens) {
    sets.push('tokenVersion = :nextVersion');
    values[':nextVersion'] = user.tokenVersion + 1;
  }
  if (changesIdentity(change)) {
    sets.push('stateVersion = :nextState');
    values[':nextState'] = stateVersionOf(user) + 1;
  }
  if (user.stateVersion !== undefined) values[':state'] = user.stateVersion;
  return {
    Update: {
      TableName: tableName,
      Key: keys.user(user.id),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: `tokenVersion = :version AND ${user.stateVersion === undefined ? 'attribute_not_exists(stateVersion)' : 'stateVersion = :state'}`,
      ExpressionAttributeNames: Object.keys(names).length > 0 ? names : undefined,
      ExpressionAttributeValues: values,
    },
  };
}

/** Moves a claim from one value to another (email or mobile change). Order: new claim, old release. */
export function moveClaimItems(
  kind: ClaimKind,
  from: string | undefined,
  to: string | undefined,
  userId: string,
  now: string,
): TransactionItem[] {
  return [...(to ? [claimPut(kind, to, userId, now)] : []), ...(from ? [claimDelete(kind, from, userId)] : [])];
}

/** Links a Google subject to a user: the claim, conditioned on not existing. */
export const googleClaimItem = (sub: string, userId: string, now: string) => claimPut('google', sub, userId, now);

/**
 * The users an operator's search names: the owner of the email, the owner of the mobile number,
 * and the user of that id, whichever exist (one BatchGetItem of the two claims and the profile).
 */
export async function findUserIds(query: string): Promise<string[]> {
  const text = query.trim();
  if (!text) return [];
  const [emailClaim, mobileClaim, profile] = await batchGet([
    keys.claim('email', text),
    keys.claim('mobile', normalizeMobile(text)),
    keys.user(text),
  ]);
  return [...new Set([emailClaim?.userId, mobileClaim?.userId, profile?.id].filter((id): id is string => typeof id === 'string'))];
}

/**
 * A code texted to prove a mobile number: kept as its HMAC under the key ring's `keyId`, never the
 * code itself, for the number it was sent to; it works until `expiresAt` (epoch seconds, also the
 * TTL) and for at most a few tries (`attempts`). One per account: a new code replaces it.
 */
export interface MobileCode {
  mobileNo: string;
  codeHash: string;
  keyId: string;
  expiresAt: number;
  /** Epoch milliseconds it was sent at: a new one waits a while after it. */
  sentAt: number;
  attempts: number;
}

const mobileCodeKey = (userId: string) => ({ pk: `USER#${userId}`, sk: '#MOBILECODE' });

/**
 * Writes a new code in place of the account's last one, unless that was sent less than
 * `gapMs` ago (a ConditionalCheckFailedException says so).
 */
export async function putMobileCode(userId: string, code: MobileCode, gapMs: number, now: string): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...toItem('MobileCode', mobileCodeKey(userId), code, now), expiresAt: code.expiresAt },
      ConditionExpression: 'attribute_not_exists(pk) OR sentAt < :gapStart',
      ExpressionAttributeValues: { ':gapStart': code.sentAt - gapMs },
    }),
  );
}

/** Removes a code that was never sent (the provider refused it), and only that one. */
export async function deleteMobileCode(userId: string, codeHash: string): Promise<void> {
  await db.send(
    new DeleteCommand({
      TableName: tableName,
      Key: mobileCodeKey(userId),
      ConditionExpression: 'codeHash = :hash',
      ExpressionAttributeValues: { ':hash': codeHash },
    }),
  );
}

/**
 * Counts one try of the account's code and answers it, in one conditional update: only a code
 * still valid at `nowSeconds` with tries left is tried (undefined otherwise), so parallel guesses
 * get at most `maxTries` comparisons between them.
 */
export async function tryMobileCode(userId: string, maxTries: number, nowSeconds: number): Promise<MobileCode | undefined> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: mobileCodeKey(userId),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'expiresAt > :now AND attempts < :max',
        ExpressionAttributeValues: { ':one': 1, ':now': nowSeconds, ':max': maxTries },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem<MobileCode>(Attributes!);
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}

/**
 * The proof of a number, once: the account records it as verified while its number is still the
 * one the code went to (and its sessions are the ones that asked), and the code is spent.
 */
export function mobileVerifiedItems(user: User, code: MobileCode, now: string): TransactionItem[] {
  return [
    {
      Update: {
        TableName: tableName,
        Key: keys.user(user.id),
        UpdateExpression: 'SET mobileVerified = :number, updatedAt = :now',
        ConditionExpression: 'mobileNo = :number AND tokenVersion = :version',
        ExpressionAttributeValues: { ':number': code.mobileNo, ':now': now, ':version': user.tokenVersion },
      },
    },
    {
      Delete: {
        TableName: tableName,
        Key: mobileCodeKey(user.id),
        ConditionExpression: 'codeHash = :hash',
        ExpressionAttributeValues: { ':hash': code.codeHash },
      },
    },
  ];
}

/** What a single-use link in an e-mail is for; `cancel-email-change` is the owner's "this wasn't me". */
export type EmailTokenPurpose = 'verify-email' | 'reset-password' | 'cancel-email-change';

/** A single-use link's record: kept under the hash of its token, never the token itself. */
export interface EmailToken {
  purpose: EmailTokenPurpose;
  userId: string;
  /** The address it was sent to (the one it proves, for a verification). */
  email: string;
  /** Epoch seconds after which it is worthless (and DynamoDB's TTL removes it). */
  expiresAt: number;
  /** The account's state version it was issued under: it works only while that holds. */
  stateVersion: number;
}

const emailTokenKey = (tokenHash: string) => ({ pk: `EMAILTOKEN#${tokenHash}`, sk: '#TOKEN' });

/** The item that records a new link's token. */
export function emailTokenItem(tokenHash: string, token: EmailToken, now: string): TransactionItem {
  return {
    Put: {
      TableName: tableName,
      Item: { ...toItem('EmailToken', emailTokenKey(tokenHash), token, now), expiresAt: token.expiresAt },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** A link's token record: GetItem EMAILTOKEN#<hash>, strongly consistent. */
export async function getEmailToken(tokenHash: string): Promise<EmailToken | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: emailTokenKey(tokenHash), ConsistentRead: true }));
  return (
    Item && {
      purpose: Item.purpose as EmailTokenPurpose,
      userId: String(Item.userId),
      email: String(Item.email),
      expiresAt: Number(Item.expiresAt),
      stateVersion: Number(Item.stateVersion ?? -1),
    }
  );
}

/** Spends a link: its record goes, on the condition that it is still there (so it works once). */
export function spendEmailTokenItem(tokenHash: string): TransactionItem {
  return { Delete: { TableName: tableName, Key: emailTokenKey(tokenHash), ConditionExpression: 'attribute_exists(pk)' } };
}

const googleNonceKey = (nonce: string) => ({ pk: `GNONCE#${nonce}`, sk: '#NONCE' });

/** Records a Google sign-in's nonce the server issued, worthless after `expiresAt` (epoch seconds; TTL removes it). */
export async function putGoogleNonce(nonce: string, expiresAt: number): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...toItem('GoogleNonce', googleNonceKey(nonce), {}), expiresAt },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Whether a Google sign-in's nonce is issued and neither spent nor expired: GetItem, strongly consistent. */
export async function googleNonceIsOpen(nonce: string, nowSeconds: number): Promise<boolean> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: googleNonceKey(nonce), ConsistentRead: true }));
  return Number(Item?.expiresAt ?? 0) > nowSeconds;
}

/**
 * Spends a Google sign-in's nonce: its record goes on the condition that it is there and not
 * expired, so one ID token signs in (or proves a change) once. Answers whether it was spent here.
 */
export async function spendGoogleNonce(nonce: string, nowSeconds: number): Promise<boolean> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName,
        Key: googleNonceKey(nonce),
        ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': nowSeconds },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Sets the language of the user's mails, on an existing profile. */
export function languageItem(userId: string, language: Language, now: string): TransactionItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.user(userId),
      UpdateExpression: 'SET #language = :language, updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#language': 'language' },
      ExpressionAttributeValues: { ':language': language, ':now': now },
    },
  };
}

/** Sets which optional mail the user turned off, on an existing profile. */
export function mailOptOutsItem(userId: string, optOuts: readonly string[], now: string): TransactionItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.user(userId),
      UpdateExpression: 'SET mailOptOuts = :optOuts, updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':optOuts': [...optOuts], ':now': now },
    },
  };
}
