import { Conflict } from '../shared/errors';
import { randomId } from '../shared/ids';
import { retrying } from '../shared/retry';
import { TransactionCancelled, transact } from '../shared/transactions';
import { openWalletItem } from '../wallet/repo';
import { hashPassword } from './passwords';
import { type Role, type User, createUserItems, normalizeEmail } from './repo';

/** The mobile number a Google registration carries: ten nines, exempt from uniqueness. */
export const googlePlaceholderMobile = '9999999999';

export interface NewAccount {
  name: string;
  email: string;
  mobileNo: string;
  password?: string;
  googleSub?: string;
  role?: Role;
}

/**
 * Creates a user and an empty wallet in one transaction. A taken email or mobile number is a
 * 409 with the reason; a clash of the random user id is retried with a new one.
 */
export async function createAccount(account: NewAccount): Promise<User> {
  const passwordHash = account.password === undefined ? undefined : await hashPassword(account.password);
  return retrying(
    async () => {
      const user: User = {
        id: randomId(8),
        name: account.name.trim(),
        email: normalizeEmail(account.email),
        mobileNo: account.mobileNo.trim(),
        image: '',
        role: account.role ?? 'shopper',
        tokenVersion: 1,
        passwordHash,
        googleSub: account.googleSub,
        createdAt: new Date().toISOString(),
      };
      try {
        await transact([...createUserItems(user, user.mobileNo !== googlePlaceholderMobile), openWalletItem(user.id)]);
      } catch (error) {
        if (error instanceof TransactionCancelled && error.failedAt(1)) throw new Conflict('Email already registered');
        if (error instanceof TransactionCancelled && error.failedAt(2) && user.mobileNo !== googlePlaceholderMobile) {
          throw new Conflict('Mobile number already registered');
        }
        throw error;
      }
      return user;
    },
    (error) => error instanceof TransactionCancelled && error.failedAt(0),
    3,
  );
}
