import { type PatchRoutesOnNavigationFunction, createBrowserRouter } from 'react-router-dom';
import { Layout } from './layout/layout';
import { page } from './lazy-page';
import { RouteError } from './routes/route-error';

let adminRoutes: Promise<void> | undefined;

/**
 * The operators' console joins the route table on the first visit to /admin (React Router's lazy
 * route discovery): its routes, like its pages, stay out of a shopper's first load.
 */
const discoverRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (!/^\/admin(\/|$)/.test(path)) return;
  adminRoutes ??= import('./routes/admin/routes').then(
    ({ adminRoute }) => patch('root', [adminRoute]),
    (error: unknown) => {
      adminRoutes = undefined;
      throw error;
    },
  );
  await adminRoutes;
};

export const router = createBrowserRouter([
  {
    id: 'root',
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <div className="route-progress" role="progressbar" aria-label="Loading page" />,
    children: [
      page(undefined, () => import('./routes/home')),
      page('login', () => import('./routes/login')),
      page('verify-email', () => import('./routes/verify-email')),
      page('register', () => import('./routes/register')),
      page('forgot-password', () => import('./routes/forgot-password')),
      page('reset-password', () => import('./routes/reset-password')),
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
        page('order/:id', () => import('./routes/profile/order')),
        page('*', () => import('./routes/not-found')),
      ]),
      page('*', () => import('./routes/not-found')),
    ],
  },
], { patchRoutesOnNavigation: discoverRoutes });
