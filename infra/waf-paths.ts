import type { Route } from '../functions/routes/route';
import { routes } from '../functions/routes';

/**
 * The routes AWS's common rule set does not read: the console's (checked admins write HTML and
 * code lists) and the webhooks (server-to-server bodies, verified by key and signature).
 */
export const commonRulesExemptRoutes: readonly Route[] = routes.filter(
  (route) => route.access === 'admin' || route.access === 'gateway' || route.access === 'supplier',
);

/** WAF's longest regular expression in a regex pattern set. */
const maxRegexLength = 200;

const escaped = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** A route's path under /api as WAF matches it after LOWERCASE: exact, a parameter one segment. */
const pathPattern = (path: string) => escaped(`/api${path}`.toLowerCase()).replace(/\{[^}]+\}/g, '[^/]+');

/**
 * The exempt routes as anchored regular expressions (`^/api/admin/(dashboard|orders|…)$`), each
 * within WAF's length: an exception matches a route of the table exactly, never a prefix that a
 * request could extend (`/api/admin/../user/…` or `/api/adminx`).
 */
export function exactPathPatterns(paths: readonly string[] = commonRulesExemptRoutes.map((route) => route.path)): string[] {
  const bySegment = new Map<string, string[]>();
  for (const path of new Set(paths)) {
    const [, , first, ...rest] = pathPattern(path).split('/');
    const head = `/api/${first}`;
    bySegment.set(head, [...(bySegment.get(head) ?? []), rest.length ? `/${rest.join('/')}` : '']);
  }
  const patterns: string[] = [];
  for (const [head, tails] of bySegment) {
    let group: string[] = [];
    const close = () => patterns.push(`^${head}(${group.join('|')})$`);
    for (const tail of tails) {
      if (group.length && `^${head}(${[...group, tail].join('|')})$`.length > maxRegexLength) {
        close();
        group = [];
      }
      group.push(tail);
    }
    close();
  }
  return patterns;
}

/**
 * A path a router might resolve to another route than WAF saw: a dot segment (`/./`, `/../`),
 * an encoded slash, dot or backslash, a backslash. No route of the shop has one; such a request is
 * refused before any rule reads it.
 */
export const uncanonicalPathPattern = String.raw`(^|/)\.\.?(/|$)|%2f|%2e|%5c|\\`;
