import { type HttpRequest, type Parsed, type Reply, type RouteOptions, buildHandler } from './stack';
import type { Schema } from '../shared/validation';

/** A route anyone may call; a token, if sent, is ignored. Carries no token or secret code. */
export function publicRoute<
  B extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
>(options: RouteOptions<B, P, Q>, run: (request: HttpRequest<Parsed<B>, Parsed<P>, Parsed<Q>>) => Promise<Reply>) {
  return buildHandler('public', async () => ({}), options, run);
}
