import { paths } from '../../../config/paths';
import { RouteTable, page } from '../../lazy-page';

/**
 * The console's routes, under /admin (app/router.tsx), loaded with the console's first chunk.
 * A new section is a route here and a row in features/admin/sections.ts.
 */
const adminRoutes = [
  page('/', () => import('./layout'), {
    children: [
      page(undefined, () => import('./dashboard')),
      page('orders', () => import('./orders')),
      page('orders/:id', () => import('./order')),
      page('review', () => import('./review')),
      page('claims', () => import('./claims')),
      page('deliveries', () => import('./deliveries')),
      page('wallet-requests', () => import('./wallet-requests')),
      page('payments', () => import('./payments')),
      page('reports', () => import('./reports')),
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
      page('promotions', () => import('./promotions')),
      page('settings', () => import('./site-settings')),
      page('risk', () => import('./risk')),
      page('payers', () => import('./payers')),
      page('blocklist', () => import('./blocklist')),
      page('audit', () => import('./audit')),
      page('*', () => import('../not-found')),
    ],
  }),
];

/** The console's page of the current address. */
export function AdminRoutes() {
  return <RouteTable routes={adminRoutes} base={paths.admin} />;
}

export { AdminRoutes as Component };
