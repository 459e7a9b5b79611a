/**
 * The route table: every /api endpoint as data. The CDK API and the local adapter both loop over
 * it, so adding an endpoint is one row here plus one handler file. It imports no handler code.
 */
export type Access = 'public' | 'user' | 'admin' | 'gateway';
export type Method = 'GET' | 'POST';

export interface Route {
  method: Method;
  /** Path under /api, written as the contract writes it; `{name}` is a path parameter. */
  path: string;
  /** `<area>/<handler>`: the module functions/<area>/handlers/<handler>.ts exporting `handler`. */
  handler: string;
  access: Access;
  /** Whether the handler writes the table; without it the function may only read. */
  writes?: true;
  /** A public route that still needs the stage secret (it signs session tokens). */
  secret?: true;
  /** Signs uploads to the site bucket's uploads/ prefix (UPLOAD_BUCKET, PutObject there only). */
  uploads?: true;
  /** Sends the shop's e-mail (MAIL_FROM, SES SendEmail). */
  mail?: true;
}

/** Whether a route's function gets the stage secret: every non-public one, and those that ask. */
export const needsSecret = (route: Route) => route.access !== 'public' || route.secret === true;

/** Whether a route's function may write the table. */
export const writesTable = (route: Route) => route.writes === true;

export const apiBasePath = '/api';

export const routes: readonly Route[] = [
  { method: 'POST', path: '/auth/register_user', handler: 'auth/register-user', access: 'public', writes: true, mail: true },
  { method: 'POST', path: '/auth/login', handler: 'auth/log-in', access: 'public', writes: true, secret: true },
  { method: 'POST', path: '/user/user_data', handler: 'auth/get-user-data', access: 'user' },
  { method: 'POST', path: '/user/update_user', handler: 'auth/update-user', access: 'user', writes: true, mail: true },
  { method: 'POST', path: '/auth/verify_email', handler: 'auth/verify-email', access: 'public', writes: true },
  { method: 'POST', path: '/auth/forgot_password', handler: 'auth/forgot-password', access: 'public', writes: true, mail: true },
  { method: 'POST', path: '/auth/reset_password', handler: 'auth/reset-password', access: 'public', writes: true },
  { method: 'POST', path: '/user/send_verification', handler: 'auth/send-verification', access: 'user', writes: true, mail: true },
  { method: 'POST', path: '/user/request/', handler: 'orders/place-order', access: 'user', writes: true },
  { method: 'POST', path: '/user/request_webview', handler: 'orders/start-gateway-order', access: 'user', writes: true },
  { method: 'POST', path: '/user/get_request_list', handler: 'orders/list-orders', access: 'user' },
  { method: 'POST', path: '/user/order/{id}', handler: 'orders/get-order', access: 'user' },
  { method: 'POST', path: '/user/player_ids', handler: 'orders/list-player-ids', access: 'user' },
  { method: 'POST', path: '/user/wallet_request_webview', handler: 'wallet/start-top-up', access: 'user', writes: true },
  { method: 'POST', path: '/user/get_wallet_request', handler: 'wallet/list-top-ups', access: 'user' },
  { method: 'POST', path: '/user/wallet_statement', handler: 'wallet/get-statement', access: 'user' },
  { method: 'POST', path: '/user/buy_voucher/', handler: 'vouchers/buy-voucher', access: 'user', writes: true },
  { method: 'POST', path: '/user/get_voucher_history', handler: 'vouchers/list-code-orders', access: 'user' },
  { method: 'POST', path: '/user/verify_payment', handler: 'payments/verify-payment', access: 'user', writes: true },
  { method: 'POST', path: '/user/cancel_payment', handler: 'payments/cancel-payment', access: 'user', writes: true },
  { method: 'POST', path: '/payment/webhook', handler: 'payments/receive-webhook', access: 'gateway', writes: true },
  { method: 'GET', path: '/user/master_category_list', handler: 'catalog/list-master-categories', access: 'public' },
  { method: 'GET', path: '/user/event_list', handler: 'content/list-events', access: 'public' },
  { method: 'POST', path: '/user/category_list', handler: 'catalog/list-plan-groups', access: 'public' },
  { method: 'POST', path: '/user/plan_list/', handler: 'catalog/list-plans', access: 'public' },
  { method: 'POST', path: '/user/auto_delivery_vouchers_list', handler: 'vouchers/list-vouchers', access: 'public' },
  { method: 'GET', path: '/user/blog_list', handler: 'content/list-blog-posts', access: 'public' },
  { method: 'GET', path: '/user/blog/{id}', handler: 'content/get-blog-post', access: 'public' },
  { method: 'GET', path: '/user/shop_status', handler: 'content/get-shop-status', access: 'public' },
  { method: 'GET', path: '/user/get_senders', handler: 'content/list-payment-channels', access: 'public' },
  { method: 'GET', path: '/user/site_settings', handler: 'content/get-site-settings', access: 'public' },
  { method: 'GET', path: '/user/redeem_link', handler: 'content/get-redeem-link', access: 'public' },
  { method: 'GET', path: '/admin/dashboard', handler: 'admin/get-dashboard', access: 'admin' },
  { method: 'GET', path: '/admin/orders', handler: 'admin/list-orders', access: 'admin' },
  { method: 'GET', path: '/admin/orders/{id}', handler: 'admin/get-order', access: 'admin' },
  { method: 'POST', path: '/admin/orders/{id}/reveal', handler: 'admin/reveal-order-secret', access: 'admin', writes: true },
  { method: 'POST', path: '/admin/orders/{id}/complete', handler: 'admin/complete-order', access: 'admin', writes: true },
  { method: 'POST', path: '/admin/orders/{id}/refund', handler: 'admin/refund-order', access: 'admin', writes: true },
  { method: 'GET', path: '/admin/wallet_requests', handler: 'admin/list-wallet-requests', access: 'admin' },
  { method: 'POST', path: '/admin/wallet_requests/{id}/verify', handler: 'admin/verify-wallet-request', access: 'admin', writes: true },
  { method: 'GET', path: '/admin/users', handler: 'admin/find-users', access: 'admin' },
  { method: 'GET', path: '/admin/users/{id}', handler: 'admin/get-user', access: 'admin' },
  { method: 'POST', path: '/admin/users/{id}/adjust', handler: 'admin/adjust-wallet', access: 'admin', writes: true },
  { method: 'GET', path: '/admin/audit', handler: 'admin/list-audit', access: 'admin' },
  { method: 'GET', path: '/admin/catalog', handler: 'admin/get-catalog', access: 'admin' },
  { method: 'POST', path: '/admin/master_categories', handler: 'admin/save-master-category', access: 'admin', writes: true },
  { method: 'POST', path: '/admin/plan_groups', handler: 'admin/save-plan-group', access: 'admin', writes: true },
  { method: 'POST', path: '/admin/plans', handler: 'admin/save-plan', access: 'admin', writes: true },
  { method: 'GET', path: '/admin/vouchers', handler: 'admin/list-vouchers', access: 'admin' },
  { method: 'POST', path: '/admin/vouchers', handler: 'admin/save-voucher', access: 'admin', writes: true },
  { method: 'GET', path: '/admin/vouchers/{id}/codes', handler: 'admin/list-codes', access: 'admin' },
  { method: 'POST', path: '/admin/vouchers/{id}/codes', handler: 'admin/upload-codes', access: 'admin', writes: true },
  { method: 'POST', path: '/admin/vouchers/{id}/codes/{code_id}/void', handler: 'admin/void-code', access: 'admin', writes: true },
  { method: 'POST', path: '/admin/blogs', handler: 'admin/save-blog-post', access: 'admin', writes: true },
  { method: 'POST', path: '/admin/events', handler: 'admin/save-event', access: 'admin', writes: true },
  { method: 'POST', path: '/admin/senders', handler: 'admin/save-payment-channel', access: 'admin', writes: true },
  { method: 'POST', path: '/admin/{kind}/{id}/delete', handler: 'admin/delete-item', access: 'admin', writes: true },
  { method: 'GET', path: '/admin/content', handler: 'admin/get-content', access: 'admin' },
  { method: 'POST', path: '/admin/site_settings', handler: 'admin/update-site-settings', access: 'admin', writes: true },
  { method: 'POST', path: '/admin/uploads', handler: 'admin/presign-upload', access: 'admin', writes: true, uploads: true },
];

/** Answers every /api request that no row matches: 404, 405, or the trailing-slash twin. */
export const fallbackHandler = 'platform/route-not-found';

/** The handler module's path relative to functions/, e.g. `catalog/handlers/list-plans.ts`. */
export function handlerModule(handler: string): string {
  const [area, name] = handler.split('/');
  return `${area}/handlers/${name}.ts`;
}

/** A path without its trailing slash: each route answers with and without one. */
export function canonicalPath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export type RouteMatch =
  | { kind: 'route'; route: Route; params: Record<string, string> }
  | { kind: 'wrong-method'; allow: Method[] }
  | { kind: 'none' };

/** Finds the row for a method and a path under /api (trailing slash ignored). */
export function matchRoute(method: string, path: string): RouteMatch {
  const wanted = canonicalPath(path).split('/');
  const allow: Method[] = [];
  for (const route of routes) {
    const params = matchPath(canonicalPath(route.path).split('/'), wanted);
    if (!params) continue;
    if (route.method === method.toUpperCase()) return { kind: 'route', route, params };
    allow.push(route.method);
  }
  return allow.length > 0 ? { kind: 'wrong-method', allow } : { kind: 'none' };
}

function matchPath(pattern: string[], actual: string[]): Record<string, string> | undefined {
  if (pattern.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of pattern.entries()) {
    const value = actual[i]!;
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (name) {
      const decoded = decodePathPart(value);
      if (!decoded) return undefined;
      params[name] = decoded;
    } else if (part !== value) {
      return undefined;
    }
  }
  return params;
}

/** A path parameter decoded; a malformed percent-escape (`%ZZ`) matches nothing, so it is a 404, not a crash. */
function decodePathPart(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
