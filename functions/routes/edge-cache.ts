/**
 * The edge-cache policy of the cached public reads: the Cache-Control their functions answer. Apart
 * from the table (no import of it), because every function's stack imports it.
 */
import type { CachedRead } from './route';

/** What a cached read answers: no browser caching, five minutes at the edge, served stale for a minute while it refreshes. */
export const edgeCacheControl = 'public, max-age=0, s-maxage=300, stale-while-revalidate=60';

/**
 * What the vouchers' listing answers: its stock falls with every sale (no invalidation follows a
 * purchase), so half a minute at the edge, served stale for ten seconds while it refreshes.
 */
export const stockCacheControl = 'public, max-age=0, s-maxage=30, stale-while-revalidate=10';

/**
 * The Cache-Control a cached read answers, by kind; `freshForSeconds` bounds it where what it shows
 * changes at a known second (a sale's start or end): cached no longer than that, and never served
 * stale past it.
 */
export function edgeCacheControlOf(read: CachedRead, freshForSeconds?: number): string {
  const normal = read === 'vouchers' ? stockCacheControl : edgeCacheControl;
  const { sMaxAge, stale } = read === 'vouchers' ? { sMaxAge: 30, stale: 10 } : { sMaxAge: 300, stale: 60 };
  if (freshForSeconds === undefined || freshForSeconds >= sMaxAge + stale) return normal;
  return `public, max-age=0, s-maxage=${Math.max(0, Math.floor(freshForSeconds))}`;
}
