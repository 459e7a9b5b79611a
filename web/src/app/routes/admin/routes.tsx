import { page } from '../../lazy-page';

/**
 * The console's routes, patched under the root layout on the first visit to /admin (see
 * app/router.tsx). A new section is a route here and a row in features/admin/sections.ts.
 */
export const adminRoute = page('admin', () => import('./layout'), [
  page(undefined, () => import('./dashboard')),
  page('orders', () => import('./orders')),
  page('orders/:id', () => import('./order')),
  page('wallet-requests', () => import('./wallet-requests')),
  page('users', () => import('./users')),
  page('users/:id', () => import('./user')),
  page('codes', () => import('./codes')),
  page('catalog', () => import('./catalog')),
  page('vouchers', () => import('./vouchers')),
  page('blog', () => import('./blog')),
  page('blog/new', () => import('./blog-post')),
  page('blog/:id', () => import('./blog-post')),
  page('banners', () => import('./banners')),
  page('payment-channels', () => import('./payment-channels')),
  page('settings', () => import('./site-settings')),
  page('audit', () => import('./audit')),
  page('*', () => import('../not-found')),
]);
