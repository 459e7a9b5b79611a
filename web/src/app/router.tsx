import type { RouteObject } from 'react-router-dom';
import { preloadSiteSettings } from '../features/content/api/preload-site-settings';
import { prefetchVouchers } from '../features/vouchers/api/get-vouchers';
import { Layout } from './layout/layout';
import { RouteTable, page, startPage } from './lazy-page';

/**
 * The shop's routes, each page its own chunk. The operators' console is one of them: its route
 * table comes with its first chunk (app/routes/admin/routes.tsx), so a shopper's first load
 * carries none of it.
 */
const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      page(undefined, () => import('./routes/home')),
      page('login', () => import('./routes/login')),
      page('verify-email', () => import('./routes/verify-email')),
      page('cancel-email-change', () => import('./routes/cancel-email-change')),
      page('unsubscribe', () => import('./routes/unsubscribe')),
      page('register', () => import('./routes/register')),
      page('forgot-password', () => import('./routes/forgot-password')),
      page('reset-password', () => import('./routes/reset-password')),
      page('voucher-code', () => import('./routes/voucher-code')),
      page('player-id-topup', () => import('./routes/player-id-topup')),
      page('category/:id', () => import('./routes/category')),
      page('voucher/:id', () => import('./routes/voucher'), { prefetch: ({ id = '' }) => prefetchVouchers(id) }),
      page('order/return', () => import('./routes/order-return')),
      page('order/:token', () => import('./routes/guest-order')),
      page('find-orders', () => import('./routes/find-orders')),
      page('blogs', () => import('./routes/blogs')),
      page('blog/:id', () => import('./routes/blog')),
      page('about-us', () => import('./routes/about-us')),
      page('contact-us', () => import('./routes/contact-us')),
      page('terms-and-condition', () => import('./routes/terms')),
      page('profile', () => import('./routes/profile/layout'), {
        children: [
          page(undefined, () => import('./routes/profile/overview')),
          page('userEdit', () => import('./routes/profile/edit')),
          page('userSecurity', () => import('./routes/profile/security')),
          page('userWallet', () => import('./routes/profile/wallet')),
          page('userOrder', () => import('./routes/profile/orders')),
          page('userCode', () => import('./routes/profile/codes')),
          page('addMoney', () => import('./routes/profile/add-money')),
          page('notifications', () => import('./routes/profile/notifications')),
          page('order/:id', () => import('./routes/profile/order')),
          page('*', () => import('./routes/not-found')),
        ],
      }),
      page('admin/*', () => import('./routes/admin/routes')),
      page('*', () => import('./routes/not-found')),
    ],
  },
];

/** The page of the current address, in the shop's layout. */
export function AppRoutes() {
  return <RouteTable routes={routes} />;
}

/** How long the first render waits for the first page's chunk before it shows the progress bar instead. */
const firstPageWaitMs = 3000;

/**
 * Starts the first page's chunks and data, and answers when the chunks and the site settings are
 * in (or after `firstPageWaitMs`), so that the first render draws the page itself rather than a
 * progress bar, and a closed shop's banner with it rather than pushing the page down later.
 */
export function firstPageReady(): Promise<unknown> {
  return Promise.race([
    Promise.all([startPage(routes, window.location).catch(() => undefined), preloadSiteSettings()]),
    new Promise((done) => setTimeout(done, firstPageWaitMs)),
  ]);
}
