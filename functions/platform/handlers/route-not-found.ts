import { MethodNotAllowed, NotFound } from '../../shared/errors';
import { publicRoute } from '../../http/public-route';
import { apiBasePath, canonicalPath } from '../../routes/route';
import { matchRoute } from '../../routes/match';

/**
 * The API's default route, for requests no row matched: a known path with another method is a
 * 405, a known path with a trailing slash is sent to its twin with a 308 (method and body kept),
 * anything else is a 404 in the contract's envelope (API Gateway's own 404 body would not be).
 */
export const handler = publicRoute({}, async ({ method, path, rawQueryString }) => {
  const match = path.startsWith(`${apiBasePath}/`) ? matchRoute(method, path.slice(apiBasePath.length)) : { kind: 'none' as const };
  if (match.kind === 'wrong-method') throw new MethodNotAllowed(match.allow);
  if (match.kind === 'route' && canonicalPath(path) !== path) {
    const location = canonicalPath(path) + (rawQueryString ? `?${rawQueryString}` : '');
    return { statusCode: 308, headers: { location }, body: { status: 0, message: 'Use the path without a trailing slash' } };
  }
  throw new NotFound('Not found');
});
