/**
 * The edge-cache policy of the cached public reads: the Cache-Control their functions answer. Apart
 * from the table (no import of it), because every function's stack imports it.
 */
import type { CachedRead } from './route';

/** How long the edge keeps an answer, and serves it stale for while it refreshes, in seconds. */
interface EdgeLifetime {
  sMaxAge: number;
  stale: number;
}

const cacheControl = ({ sMaxAge, stale }: EdgeLifetime) => `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=${stale}`;

/** A cached read: no browser caching, five minutes at the edge, served stale for a minute while it refreshes. */
const readLifetime: EdgeLifetime = { sMaxAge: 300, stale: 60 };

/**
 * The vouchers' listing: its stock falls with every sale (no invalidation follows a purchase), so
 * half a minute at the edge, served stale for ten seconds while it refreshes.
 */
const stockLifetime: EdgeLifetime = { sMaxAge: 30, stale: 10 };

export const edgeCacheControl = cacheControl(readLifetime);
export const stockCacheControl = cacheControl(stockLifetime);

/**
 * The Cache-Control a cached read answers, by kind; `freshForSeconds` bounds it where what it shows
 * changes at a known second (a sale's start or end): cached no longer than that, and never served
 * stale past it.
 */
export function edgeCacheControlOf(read: CachedRead, freshForSeconds?: number): string {
  const lifetime = read === 'vouchers' ? stockLifetime : readLifetime;
  if (freshForSeconds === undefined || freshForSeconds >= lifetime.sMaxAge + lifetime.stale) return cacheControl(lifetime);
  return `public, max-age=0, s-maxage=${Math.max(0, Math.floor(freshForSeconds))}`;
}
