/**
 * Reading the table by path: the row a request matches (the fallback function and the local
 * adapter), and the edge paths of a cached read (an invalidation). Apart from the edge-cache
 * policy, so that only the functions that need the table carry it.
 */
import { routes } from '../routes';
import { type CachedRead, type Method, type Route, apiBasePath, canonicalPath } from './route';

/**
 * The edge paths of the routes cached as `read`, as an invalidation names them: a trailing `*`
 * (CloudFront's only wildcard) takes query strings along, and a path parameter ends the path there.
 */
export function cachedPaths(read: CachedRead): string[] {
  return routes.filter((row) => row.cachedAs === read).map((row) => `${apiBasePath}${canonicalPath(row.path).replace(/\{\w+\}.*$/, '')}*`);
}

export type RouteMatch =
  | { kind: 'route'; route: Route; params: Record<string, string> }
  | { kind: 'wrong-method'; allow: Method[] }
  | { kind: 'none' };

/** Finds the row for a method and a path under /api (trailing slash ignored). */
export function matchRoute(method: string, path: string): RouteMatch {
  const wanted = canonicalPath(path).split('/');
  const allow: Method[] = [];
  for (const route of routes) {
    const params = matchPath(canonicalPath(route.path).split('/'), wanted);
    if (!params) continue;
    if (route.method === method.toUpperCase()) return { kind: 'route', route, params };
    allow.push(route.method);
  }
  return allow.length > 0 ? { kind: 'wrong-method', allow } : { kind: 'none' };
}

function matchPath(pattern: string[], actual: string[]): Record<string, string> | undefined {
  if (pattern.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of pattern.entries()) {
    const value = actual[i]!;
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (name) {
      const decoded = decodePathPart(value);
      if (!decoded) return undefined;
      params[name] = decoded;
    } else if (part !== value) {
      return undefined;
    }
  }
  return params;
}

/** A path parameter decoded; a malformed percent-escape (`%ZZ`) matches nothing, so it is a 404, not a crash. */
function decodePathPart(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
