import type { Language } from '../../contract/fields';
import { googlePlaceholderMobile } from '../../contract/rules';
import { batchGet } from '../../shared/db';
import { Conflict } from '../../shared/errors';
import { randomId } from '../../shared/ids';
import { retrying } from '../../shared/retry';
import { signSessionToken } from '../../shared/session-token';
import { TransactionCancelled, transact } from '../../shared/transactions';
import type { ActiveUser } from '../../users/active-user';
import * as users from '../../users/repo';
import type { Role, User } from '../../users/repo';
import type { Wallet } from '../../wallet/money';
import { getWallet, walletFromItem, walletKey } from '../../wallet/repo';
import { isHttpsUrl } from '../google';
import { hashPassword } from '../passwords';

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
  /** A Google registration's address is proved by Google; a password one's by our link. */
  emailVerified?: boolean;
  /** The shop's language on the device that registered: the mails'. */
  language?: Language;
}

/**
 * A registration that clashes with an existing account: one answer whether the email or the
 * mobile number is taken, so that registering is no oracle of who has an account.
 */
const alreadyRegistered = () => new Conflict('This email or mobile number is already registered');

/**
 * Creates a user and an empty wallet in one transaction. A taken email, mobile number or Google
 * identity is a 409; a clash of the random user id is retried with a new one.
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
        stateVersion: 1,
        passwordHash,
        googleSub: account.googleSub,
        emailVerified: account.emailVerified ?? false,
        language: account.language,
        createdAt: new Date().toISOString(),
      };
      const { items } = users.createUserItems(user, mobileNo !== googlePlaceholderMobile);
      try {
        await transact(items);
      } catch (error) {
        if (error instanceof TransactionCancelled && !error.failedAt(0) && error.reasons.includes('ConditionalCheckFailed'))
          throw alreadyRegistered();
        throw error;
      }
      return user;
    },
    (error) => error instanceof TransactionCancelled && error.failedAt(0),
    3,
  );
}

/** Reads a user and their wallet in one BatchGetItem; the same reads whether or not the user exists. */
export async function readAccount(userId: string): Promise<Account | undefined> {
  const [profile, wallet] = await batchGet([users.userKey(userId), walletKey(userId)]);
  return profile ? { user: users.userFromItem(profile), wallet: walletFromItem(wallet) } : undefined;
}

/** The signed-in user with their wallet. */
export async function accountOf(user: ActiveUser): Promise<Account> {
  return { user, wallet: await getWallet(user.id) };
}

/** A session token for a user at their current token version. */
export const sessionTokenFor = (user: User) => signSessionToken({ userId: user.id, tokenVersion: user.tokenVersion });

/** The photo a client sends with a Google login, kept only when it is an https URL. */
export const safePhotoUrl = (photoURL: string | undefined) => (photoURL && isHttpsUrl(photoURL) ? photoURL : undefined);
