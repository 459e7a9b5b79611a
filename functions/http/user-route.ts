import { Unauthorized } from '../shared/errors';
import { tokenFromHeader, verifySessionToken } from '../shared/session-token';
import type { Schema } from '../shared/validation';
import { type ActiveUser, requireActiveUser } from '../users/active-user';
import { type Event, type HttpRequest, type Parsed, type Reply, type RouteOptions, buildHandler } from './stack';

type UserRun<B, P, Q> = (request: HttpRequest<Parsed<B>, Parsed<P>, Parsed<Q>> & { user: ActiveUser }) => Promise<Reply>;

/** The session token of the request, verified, then the one active-user check (and the admin role where asked). */
const checkedUser = (role: 'any' | 'admin') => async (event: Event) => {
  const token = tokenFromHeader(event.headers.authorization);
  if (!token) throw new Unauthorized();
  return { user: await requireActiveUser(await verifySessionToken(token), role) };
};

/** A route for a signed-in user: a valid token of a user who still exists at that token's version. */
export function userRoute<
  B extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
>(options: RouteOptions<B, P, Q>, run: UserRun<B, P, Q>) {
  return buildHandler('user', checkedUser('any'), options, run);
}

/** A route for an operator: as `userRoute`, and the user's role, read on this request, is admin (else 403). */
export function adminRoute<
  B extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
>(options: RouteOptions<B, P, Q>, run: UserRun<B, P, Q>) {
  return buildHandler('admin', checkedUser('admin'), options, run);
}
