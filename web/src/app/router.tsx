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

/** A route with its own lazily loaded chunk and its own error boundary; no path makes it the index. */
function page(path: string | undefined, load: () => Promise<RouteModule>, children?: RouteObject[]): RouteObject {
  const common = { lazy: lazyPage(load), errorElement: <RouteError /> };
  return path === undefined ? { index: true, ...common } : { path, ...common, children };
}

export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <div className="route-progress" role="progressbar" aria-label="Loading page" />,
    children: [
      page(undefined, () => import('./routes/home')),
      page('login', () => import('./routes/login')),
      page('register', () => import('./routes/register')),
      page('voucher-code', () => import('./routes/voucher-code')),
      page('player-id-topup', () => import('./routes/player-id-topup')),
      page('category/:id', () => import('./routes/category')),
      page('voucher/:id', () => import('./routes/voucher')),
      page('blogs', () => import('./routes/blogs')),
      page('blog/:id', () => import('./routes/blog')),
      page('about-us', () => import('./routes/about-us')),
      page('contact-us', () => import('./routes/contact-us')),
      page('terms-and-condition', () => import('./routes/terms')),
      page('profile', () => import('./routes/profile/layout'), [
        page(undefined, () => import('./routes/profile/overview')),
        page('userEdit', () => import('./routes/profile/edit')),
        page('userSecurity', () => import('./routes/profile/security')),
        page('userWallet', () => import('./routes/profile/wallet')),
        page('userOrder', () => import('./routes/profile/orders')),
        page('userCode', () => import('./routes/profile/codes')),
        page('addMoney', () => import('./routes/profile/add-money')),
        page('*', () => import('./routes/not-found')),
      ]),
      page('*', () => import('./routes/not-found')),
    ],
  },
]);
