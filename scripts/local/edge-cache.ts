import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { type LocalService, listen, readText } from './local-service';

type Result = APIGatewayProxyStructuredResultV2;

/** The distribution id the local functions invalidate (EDGE_DISTRIBUTION_ID). */
export const localDistributionId = 'LOCALEDGE';

interface Entry {
  result: Result;
  storedAt: number;
  freshMs: number;
  staleMs: number;
}

/** A cached answer as the edge serves it: fresh, stale (served while it refreshes), or none. */
export type Lookup = { state: 'fresh' | 'stale'; result: Result; ageSeconds: number } | undefined;

/**
 * The query string the edge keeps of a cached read's request (`?a=1&b=2`, or empty): only the
 * parameters its row names in `query`, in that order, as the behaviour's cache policy allows
 * them (infra/constructs/web.ts). It is the cache key beside the path and all that reaches the
 * function, so `?x=random` finds the same entry.
 */
export function edgeQuery(search: URLSearchParams, names: readonly string[] = []): string {
  const kept = new URLSearchParams();
  for (const name of names) for (const value of search.getAll(name)) kept.append(name, value);
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/**
 * CloudFront's cache of the public reads, on the local stack: keyed on the path and the row's query parameters (`edgeQuery`),
 * kept for the origin's `s-maxage` and served stale for its `stale-while-revalidate` (the cache
 * policy of the cloud behaviour honours the origin's header, infra/constructs/web.ts), emptied by
 * invalidations. Only answers the function marked cacheable are kept.
 */
export class LocalEdgeCache {
  private readonly entries = new Map<string, Entry>();

  lookup(key: string, now = Date.now()): Lookup {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = now - entry.storedAt;
    const ageSeconds = Math.floor(age / 1000);
    if (age < entry.freshMs) return { state: 'fresh', result: entry.result, ageSeconds };
    if (age < entry.freshMs + entry.staleMs) return { state: 'stale', result: entry.result, ageSeconds };
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps a 200 whose Cache-Control gives the edge a lifetime (`s-maxage`, else `max-age`); `no-store` and `private` are never kept. */
  store(key: string, result: Result, now = Date.now()): void {
    const cacheControl = String(result.headers?.['cache-control'] ?? '');
    if (result.statusCode !== 200 || /no-store|private/.test(cacheControl)) return;
    const seconds = (name: string) => Number(new RegExp(`(?:^|,)\\s*${name}=(\\d+)`).exec(cacheControl)?.[1] ?? 0);
    const freshMs = (seconds('s-maxage') || seconds('max-age')) * 1000;
    if (freshMs > 0) this.entries.set(key, { result, storedAt: now, freshMs, staleMs: seconds('stale-while-revalidate') * 1000 });
  }

  /** Drops every entry an invalidation path names: exact, or a prefix ending in `*` (query strings included). */
  invalidate(paths: string[]): void {
    for (const key of this.entries.keys()) {
      if (paths.some((path) => (path.endsWith('*') ? key.startsWith(path.slice(0, -1)) : key === path || key.startsWith(`${path}?`))))
        this.entries.delete(key);
    }
  }
}

const xmlns = 'http://cloudfront.amazonaws.com/doc/2020-05-31/';
const decodeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const encodeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A stand-in for CloudFront's CreateInvalidation (its REST-XML API, as much as the admin
 * functions use), on loopback: functions reach it through the SDK's own
 * AWS_ENDPOINT_URL_CLOUDFRONT, and it empties the local edge cache at once.
 */
export async function startInvalidationApi(cache: LocalEdgeCache): Promise<LocalService> {
  const server = createServer(async (request, response) => {
    const xml = (status: number, body: string, headers: Record<string, string> = {}) =>
      response
        .writeHead(status, { 'content-type': 'text/xml', 'x-amz-request-id': randomUUID(), ...headers })
        .end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
    const id = /^\/2020-05-31\/distribution\/([^/]+)\/invalidation$/.exec(new URL(request.url ?? '/', 'http://local').pathname)?.[1];
    const body = await readText(request);
    if (request.method !== 'POST' || !id)
      return xml(
        400,
        `<ErrorResponse xmlns="${xmlns}"><Error><Type>Sender</Type><Code>InvalidAction</Code><Message>Only CreateInvalidation is served here</Message></Error></ErrorResponse>`,
      );
    if (id !== localDistributionId)
      return xml(
        404,
        `<ErrorResponse xmlns="${xmlns}"><Error><Type>Sender</Type><Code>NoSuchDistribution</Code><Message>The specified distribution does not exist.</Message></Error></ErrorResponse>`,
      );
    const paths = [...body.matchAll(/<Path>([^<]*)<\/Path>/g)].map(([, path]) => decodeXml(path!));
    const callerReference = decodeXml(/<CallerReference>([^<]*)<\/CallerReference>/.exec(body)?.[1] ?? '');
    cache.invalidate(paths);
    const invalidationId = `I${randomUUID().replace(/-/g, '').slice(0, 13).toUpperCase()}`;
    const items = paths.map((path) => `<Path>${encodeXml(path)}</Path>`).join('');
    xml(
      201,
      `<Invalidation xmlns="${xmlns}"><Id>${invalidationId}</Id><Status>Completed</Status><CreateTime>${new Date().toISOString()}</CreateTime><InvalidationBatch><Paths><Quantity>${paths.length}</Quantity><Items>${items}</Items></Paths><CallerReference>${encodeXml(callerReference)}</CallerReference></InvalidationBatch></Invalidation>`,
      { location: `https://cloudfront.amazonaws.com/2020-05-31/distribution/${id}/invalidation/${invalidationId}` },
    );
  });
  return listen(server);
}
