import { Forbidden, Unauthorized } from '../shared/errors';
import type { Session } from '../shared/session-token';
import { type User, getUser } from './repo';

declare const checked: unique symbol;

/**
 * A user whose session was checked against the stored user on this request: the user exists and
 * the token's version is still theirs (a password change moves it on). Only `requireActiveUser`
 * makes one, so a service that takes an `ActiveUser` cannot be reached with an unchecked token.
 */
export type ActiveUser = User & { readonly [checked]: true };

/**
 * The one check of "is this session still valid?", run by the handler stack on every user and
 * admin route (one strongly consistent GetItem): a gone user or an older token version is a 401;
 * on an admin route a user whose role is not admin is a 403, so a grant or a revoke takes effect
 * on the next request.
 */
export async function requireActiveUser(session: Session, role: 'any' | 'admin' = 'any'): Promise<ActiveUser> {
  const user = await getUser(session.userId);
  if (!user || user.tokenVersion !== session.tokenVersion) throw new Unauthorized();
  if (role === 'admin' && user.role !== 'admin') throw new Forbidden();
  return user as ActiveUser;
}
