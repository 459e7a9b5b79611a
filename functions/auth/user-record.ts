import { fromItem } from '../shared/items';

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

/** The profile's key: USER#id / #PROFILE. */
export const userKey = (userId: string) => ({ pk: `USER#${userId}`, sk: '#PROFILE' });

/** Reads a profile item into a `User`. */
export const userFromItem = (item: Record<string, unknown>) => fromItem<User>(item);
