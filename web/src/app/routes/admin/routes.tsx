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
  page('audit', () => import('./audit')),
  page('*', () => import('../not-found')),
]);
