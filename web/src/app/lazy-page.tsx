import type { RouteObject } from 'react-router-dom';
import { chunkLoadTimeoutMs } from '../config/site';
import { RouteError } from './routes/route-error';

type RouteModule = { Component: React.ComponentType };

/** Loads a route's chunk, failing with a load error after the spec's 120 s (§8). */
function lazyPage(load: () => Promise<RouteModule>): RouteObject['lazy'] {
  return () =>
    new Promise<RouteModule>((resolve, reject) => {
      const timer = window.setTimeout(() => reject(new Error('Loading the page timed out')), chunkLoadTimeoutMs);
      load().then(resolve, reject).finally(() => window.clearTimeout(timer));
    });
}

/** A route with its own lazily loaded chunk and its own error boundary; no path makes it the index. */
export function page(path: string | undefined, load: () => Promise<RouteModule>, children?: RouteObject[]): RouteObject {
  const common = { lazy: lazyPage(load), errorElement: <RouteError /> };
  return path === undefined ? { index: true, ...common } : { path, ...common, children };
}
