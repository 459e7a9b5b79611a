import { setTimeout as sleep } from 'node:timers/promises';
import { googlePlaceholderMobile } from '../contract/rules';
import { batchGet } from '../shared/db';
import { Conflict, Invalid, NotFound, TooManyRequests, Unauthorized } from '../shared/errors';
import { randomId } from '../shared/ids';
import { retrying } from '../shared/retry';
import { signSessionToken } from '../shared/session-token';
import { TransactionCancelled, transact } from '../shared/transactions';
import type { ActiveUser } from '../users/active-user';
import * as users from '../users/repo';
import type { ClaimKind, Role, User } from '../users/repo';
import type { Wallet } from '../wallet/money';
import { getWallet, openWalletItem, walletFromItem, walletKey } from '../wallet/repo';
import { verifyGoogleIdToken } from './google';
import { type FailureCount, type LimitScope, activeFailures, lockedFor, loginLimits, slowdownMs, tripsLimit } from './login-limits';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import * as repo from './repo';

/** A user with their wallet, as the API shows them. */
export interface Account {
  user: User;
  wallet: Wallet;
}

export interface NewAccount {
  name: string;
  email: string;
  mobileNo: string;
  password?: string;
  googleSub?: string;
  photoURL?: string;
  role?: Role;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Which claim a login identifier names: an email (has an @) or a mobile number. */
function identifierClaim(identifier: string): { kind: ClaimKind; value: string } {
  return identifier.includes('@') ? { kind: 'email', value: users.normalizeEmail(identifier) } : { kind: 'mobile', value: users.normalizeMobile(identifier) };
}

function claimConflict(error: TransactionCancelled, claimAt: Partial<Record<ClaimKind, number>>): Conflict | undefined {
  if (claimAt.email !== undefined && error.failedAt(claimAt.email)) return new Conflict('Email already registered');
  if (claimAt.mobile !== undefined && error.failedAt(claimAt.mobile)) return new Conflict('Mobile number already registered');
  if (claimAt.google !== undefined && error.failedAt(claimAt.google)) return new Conflict('This Google account is already registered');
  return undefined;
}

/**
 * Creates a user and an empty wallet in one transaction. A taken email or mobile number is a
 * 409 with the reason; a clash of the random user id is retried with a new one.
 */
export async function createAccount(account: NewAccount): Promise<User> {
  const passwordHash = account.password === undefined ? undefined : await hashPassword(account.password);
  const mobileNo = users.normalizeMobile(account.mobileNo);
  return retrying(
    async () => {
      const user: User = {
        id: randomId(8),
        name: account.name.trim(),
        email: users.normalizeEmail(account.email),
        mobileNo,
        image: '',
        photoURL: account.photoURL,
        role: account.role ?? 'shopper',
        tokenVersion: 1,
        passwordHash,
        googleSub: account.googleSub,
        createdAt: new Date().toISOString(),
      };
      const { items, claimAt } = users.createUserItems(user, mobileNo !== googlePlaceholderMobile);
      try {
        await transact([...items, openWalletItem(user.id)]);
      } catch (error) {
        if (error instanceof TransactionCancelled) throw claimConflict(error, claimAt) ?? error;
        throw error;
      }
      return user;
    },
    (error) => error instanceof TransactionCancelled && error.failedAt(0),
    3,
  );
}

/**
 * Registration: with a Google ID token the identity comes from the verified token (its email
 * must be the one given) and the account has no password; otherwise the password is required.
 */
export async function register(input: { name: string; email: string; mobileNo: string; password?: string; googleToken?: string }): Promise<User> {
  if (!input.googleToken) return createAccount({ ...input, password: input.password });
  const identity = await verifyGoogleIdToken(input.googleToken);
  if (users.normalizeEmail(identity.email) !== users.normalizeEmail(input.email)) throw new Invalid('Google sign-in failed');
  return createAccount({ name: input.name || identity.name, email: identity.email, mobileNo: input.mobileNo, googleSub: identity.sub, photoURL: identity.picture });
}

/** Reads a user and their wallet in one BatchGetItem. */
async function readAccount(userId: string): Promise<Account | undefined> {
  const [profile, wallet] = await batchGet([users.userKey(userId), walletKey(userId)]);
  return profile ? { user: users.userFromItem(profile), wallet: walletFromItem(wallet) } : undefined;
}

/** The signed-in user with their wallet. */
export async function accountOf(user: ActiveUser): Promise<Account> {
  return { user, wallet: await getWallet(user.id) };
}

/** A session token for a user at their current token version. */
export const sessionTokenFor = (user: User) => signSessionToken({ userId: user.id, tokenVersion: user.tokenVersion });

const badCredentials = () => new Invalid('Invalid email/mobile number or password', { email: 'Invalid email/mobile number or password' });

/** Refuses when either count is over its limit; otherwise returns the account's active failures. */
function checkLimits(account: FailureCount | undefined, address: FailureCount | undefined, now: number): number {
  const wait = Math.max(lockedFor('account', account, now), lockedFor('address', address, now));
  if (wait > 0) {
    throw new TooManyRequests(`Too many failed attempts. Please try again in ${Math.ceil(wait / 60)} minute${wait > 60 ? 's' : ''}.`, wait);
  }
  return activeFailures(account, now);
}

/** Counts a failure against the account and the address; a count that reaches its limit starts its lock. */
async function recordFailure(accountKey: string, address: string, now: number): Promise<void> {
  const scopes: [LimitScope, string][] = [
    ['account', accountKey],
    ['address', address],
  ];
  await Promise.all(
    scopes.map(async ([scope, key]) => {
      const count = await repo.addFailure(scope, key, now, loginLimits.windowSeconds);
      if (tripsLimit(scope, count.failures)) await repo.extendWindow(scope, key, now + loginLimits.windowSeconds);
    }),
  );
}

/**
 * Password login by email or mobile number. Locked accounts and addresses get 429; an account
 * with recent failures answers more slowly; a wrong password, an unknown account and a Google-only
 * account all get the same 400 after the same work, so nothing tells whether an email exists.
 */
export async function logIn(identifier: string, password: string, clientIp: string): Promise<Account & { token: string }> {
  const claim = identifierClaim(identifier);
  const accountKey = `${claim.kind}:${claim.value}`;
  const now = nowSeconds();
  const [claimItem, accountItem, addressItem] = await batchGet([
    users.claimKey(claim.kind, claim.value),
    repo.failureCountKey('account', accountKey),
    repo.failureCountKey('address', clientIp),
  ]);
  const accountCount = repo.failureCountFromItem(accountItem);
  const failures = checkLimits(accountCount, repo.failureCountFromItem(addressItem), now);
  await sleep(slowdownMs(failures));

  const account = claimItem ? await readAccount(String(claimItem.userId)) : undefined;
  const matches = await verifyPassword(password, account?.user.passwordHash ?? decoyHash);
  if (!account || !matches) {
    await recordFailure(accountKey, clientIp, now);
    throw badCredentials();
  }
  if (accountCount) await repo.clearFailures('account', accountKey);
  return { ...account, token: await sessionTokenFor(account.user) };
}

/**
 * Google login: trusts only the verified ID token. A known Google subject signs in; otherwise
 * the account of the token's (verified) email is linked to it; an unknown email is a 404 with
 * userExists false, so that the client registers.
 */
export async function logInWithGoogle(googleToken: string, email: string, photoURL: string | undefined): Promise<Account & { token: string }> {
  const identity = await verifyGoogleIdToken(googleToken);
  if (users.normalizeEmail(identity.email) !== users.normalizeEmail(email)) throw new Invalid('Google sign-in failed');
  const [googleClaim, emailClaim] = await batchGet([users.claimKey('google', identity.sub), users.claimKey('email', identity.email)]);
  const userId = googleClaim?.userId ?? emailClaim?.userId;
  const account = userId ? await readAccount(String(userId)) : undefined;
  if (!account) throw new NotFound('Email not registered', { userExists: false });

  const { user } = account;
  const picture = photoURL ?? identity.picture;
  const link = !googleClaim && !user.googleSub;
  if (link || (picture && picture !== user.photoURL)) {
    const now = new Date().toISOString();
    const change = { photoURL: picture, googleSub: link ? identity.sub : undefined };
    await transact([users.updateProfileItem(user, change, now), ...(link ? [users.googleClaimItem(identity.sub, user.id, now)] : [])]);
    Object.assign(user, change.googleSub ? change : { photoURL: picture });
  }
  return { ...account, token: await sessionTokenFor(user) };
}

/**
 * Profile edit: name and mobile number, and the email when given. Changed email and mobile claims
 * move in the same transaction as the profile, so uniqueness holds; the Google placeholder
 * number claims nothing.
 */
export async function updateProfile(user: ActiveUser, input: { name: string; mobileNo: string; email?: string }): Promise<Account> {
  const email = input.email ? users.normalizeEmail(input.email) : user.email;
  const mobileNo = users.normalizeMobile(input.mobileNo);
  const claimable = (value: string) => (value === googlePlaceholderMobile ? undefined : value);
  const now = new Date().toISOString();
  const items = [users.updateProfileItem(user, { name: input.name, email, mobileNo }, now)];
  const claimAt: Partial<Record<ClaimKind, number>> = {};
  if (email !== user.email) {
    claimAt.email = items.length;
    items.push(...users.moveClaimItems('email', user.email, email, user.id, now));
  }
  if (mobileNo !== user.mobileNo) {
    const moves = users.moveClaimItems('mobile', claimable(user.mobileNo), claimable(mobileNo), user.id, now);
    if (claimable(mobileNo)) claimAt.mobile = items.length;
    items.push(...moves);
  }
  const saved = transact(items).catch((error: unknown) => {
    if (!(error instanceof TransactionCancelled)) throw error;
    if (error.failedAt(0)) throw new Unauthorized();
    throw claimConflict(error, claimAt) ?? error;
  });
  const [wallet] = await Promise.all([getWallet(user.id), saved]);
  return { user: { ...user, name: input.name, email, mobileNo }, wallet };
}

/**
 * Password change: the current password is required when the account has one (a Google-only
 * account may set its first); wrong guesses count against the account's login limit. The token
 * version moves on, so every older token stops working, and the caller gets a fresh token.
 */
export async function changePassword(user: ActiveUser, input: { current?: string; next: string }, clientIp: string): Promise<string> {
  if (user.passwordHash) {
    if (!input.current) throw new Invalid('Current password is required', { password: 'Current password is required' });
    const accountKey = `user:${user.id}`;
    const now = nowSeconds();
    const [accountItem, addressItem] = await batchGet([repo.failureCountKey('account', accountKey), repo.failureCountKey('address', clientIp)]);
    checkLimits(repo.failureCountFromItem(accountItem), repo.failureCountFromItem(addressItem), now);
    if (!(await verifyPassword(input.current, user.passwordHash))) {
      await recordFailure(accountKey, clientIp, now);
      throw new Invalid('Current password is incorrect', { password: 'Current password is incorrect' });
    }
  }
  try {
    await transact([users.updateProfileItem(user, { passwordHash: await hashPassword(input.next), revokeTokens: true }, new Date().toISOString())]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0)) throw new Unauthorized();
    throw error;
  }
  return signSessionToken({ userId: user.id, tokenVersion: user.tokenVersion + 1 });
}
