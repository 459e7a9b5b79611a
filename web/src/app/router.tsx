import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { chunkLoadTimeoutMs } from '../config/site';
import { Layout } from './layout/layout';
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

/** A route with its own lazily loaded chunk and its own error boundary. */
function page(path: string | undefined, load: () => Promise<RouteModule>): RouteObject {
  return path === undefined
    ? { index: true, lazy: lazyPage(load), errorElement: <RouteError /> }
    : { path, lazy: lazyPage(load), errorElement: <RouteError /> };
}

export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <div className="route-progress" role="progressbar" aria-label="Loading page" />,
    children: [
      page(undefined, () => import('./routes/home')),
      page('*', () => import('./routes/not-found')),
    ],
  },
]);
