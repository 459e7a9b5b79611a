import type { CachedRead } from '../routes/route';
import type { Output, Schema } from '../shared/validation';
import { type BodyParser, type HttpHandler, type HttpRequest, type Parsed, type Reply, type RouteOptions, buildHandler } from './stack';

/** A route anyone may call; a token, if sent, is ignored. Carries no token or secret code. */
export function publicRoute<
  B extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
>(options: RouteOptions<B, P, Q>, run: (request: HttpRequest<Parsed<B>, Parsed<P>, Parsed<Q>>) => Promise<Reply>) {
  return buildHandler('public', async () => ({}), options, run);
}

/**
 * A public read the contract makes a POST with a form (`...formBody(schema)`), served also as a GET
 * twin that the edge caches as `cachedAs`: the same fields as query parameters (`query`, exactly its
 * row's `query`, nothing that varies per caller). `run` gets the fields either way.
 */
export function publicTwinRead<B extends Schema, Q extends Schema>(
  options: { body: B; bodyParser: BodyParser; query: Q; cachedAs: CachedRead },
  run: (fields: Output<B> | Output<Q>) => Promise<Reply>,
): HttpHandler {
  return buildHandler(
    'public',
    async () => ({}),
    { ...options, twin: true },
    async ({ method, body, query }) => run(method === 'GET' || method === 'HEAD' ? query : body),
  );
}
