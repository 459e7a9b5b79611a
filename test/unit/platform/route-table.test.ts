import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { HttpHandler } from '../../../functions/http/stack';
import { cachedPaths, matchRoute } from '../../../functions/routes/match';
import { canonicalPath, handlerModule } from '../../../functions/routes/route';
import { fallbackHandler, routes } from '../../../functions/routes';

const functionsDir = join(import.meta.dirname, '../../../functions');

describe('the route table', () => {
  it('has a handler file exporting `handler` for every row and for the fallback', () => {
    for (const handler of [...routes.map((route) => route.handler), fallbackHandler]) {
      const file = join(functionsDir, handlerModule(handler));
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, 'utf8')).toMatch(/export const handler =/);
    }
  });

  it('enforces in each handler the access, edge caching and invalidations of its row (the grants in infra follow the row)', async () => {
    vi.stubEnv('TABLE_NAME', 'routes-test');
    vi.stubEnv('ORIGIN_VERIFY_SECRET', 'routes-test');
    vi.stubEnv('GATEWAY_URL', 'https://gateway.invalid');
    vi.stubEnv('UPLOAD_BUCKET', 'routes-test');
    vi.stubEnv('MAIL_FROM', 'routes-test@example.com');
    vi.stubEnv('EDGE_DISTRIBUTION_ID', 'routes-test');
    for (const route of routes) {
      const { handler } = (await import(join(functionsDir, handlerModule(route.handler)))) as { handler: HttpHandler };
      expect(handler.access, route.handler).toBe(route.access);
      // A POST read and its cached GET twin share the handler: the GET row names the caching.
      const cached = routes.find((row) => row.handler === route.handler && row.cachedAs);
      expect(handler.cachedAs, route.handler).toBe(cached?.cachedAs);
      expect(handler.invalidates, route.handler).toEqual(route.invalidates ?? []);
      // A cached read's cache key is its row's query: exactly what the handler's schema reads.
      if (route.cachedAs) expect(handler.query, route.handler).toEqual(route.query ?? []);
    }
    const { handler: fallback } = (await import(join(functionsDir, handlerModule(fallbackHandler)))) as { handler: { access: string } };
    expect(fallback.access).toBe('public');
  }, 120_000); // imports every handler module (over 130): slow on a loaded machine, not a timing check

  it('caches only public GETs of the shop window, never the shop status, and every cached read has a row that invalidates it', () => {
    for (const row of routes.filter((route) => route.cachedAs)) {
      expect(row.method, row.handler).toBe('GET');
      expect(row.partitions, row.handler).toBe('shopWindow');
      expect(
        routes.some((writer) => writer.access === 'admin' && writer.invalidates?.includes(row.cachedAs!)),
        row.handler,
      ).toBe(true);
    }
    expect(routes.find((row) => row.path === '/user/shop_status')?.cachedAs).toBeUndefined();
    for (const row of routes.filter((route) => route.invalidates)) expect(row.access, row.handler).toBe('admin');
    expect(cachedPaths('blog')).toEqual(['/api/user/blog_list*', '/api/user/blog/*']);
    expect(cachedPaths('plans')).toEqual(['/api/user/plan_list*']);
    for (const row of routes.filter((route) => route.query)) expect(row.cachedAs, row.handler).toBeDefined();
  });

  it('has no two rows with the same method and path', () => {
    const keys = routes.map((route) => `${route.method} ${canonicalPath(route.path)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('matches with and without a trailing slash, and tells a wrong method from an unknown path', () => {
    expect(matchRoute('GET', '/user/event_list/').kind).toBe('route');
    expect(matchRoute('get', '/user/event_list').kind).toBe('route');
    expect(matchRoute('POST', '/user/event_list')).toEqual({ kind: 'wrong-method', allow: ['GET'] });
    expect(matchRoute('GET', '/user/nothing')).toEqual({ kind: 'none' });
  });
});
