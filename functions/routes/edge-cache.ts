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

/** The Cache-Control a cached read answers, by kind. */
export const edgeCacheControlOf = (read: CachedRead): string => (read === 'vouchers' ? stockCacheControl : edgeCacheControl);
