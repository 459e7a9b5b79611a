/**
 * The route table: every /api endpoint as data. The CDK API and the local adapter both loop over
 * it, so adding an endpoint is one row here plus one handler file. It imports no handler code.
 */
export type Access = 'public' | 'user' | 'admin' | 'gateway' | 'supplier';
export type Method = 'GET' | 'POST';

/**
 * A DynamoDB write a handler makes. IAM authorizes each item of a TransactWriteItems as its own
 * action (a Put item needs PutItem, a ConditionCheck item ConditionCheckItem), so a row names
 * every kind of item it writes, in a transaction or not. Every function with the table may read
 * it with GetItem, Query and BatchGetItem; none may Scan.
 */
export type WriteAction = 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'ConditionCheckItem';

const signInPartitions = [
  'USER#*',
  'EMAIL#*',
  'MOBILE#*',
  'GOOGLE#*',
  'EMAILTOKEN#*',
  'GNONCE#*',
  'LIMIT#login-*',
  'LIMIT#register-*',
  'LIMIT#reset-*',
] as const;

/** What settling a gateway payment writes: see `paymentCallback`. */
const settlementPartitions = ['USER#*', 'WALLET#*', 'INVOICE#*', 'ALERT#*', 'VOUCHER#*', 'CODEHASH#*', 'PLAN#*'] as const;

/**
 * The table partitions the functions anyone on the internet can call may touch (IAM
 * `dynamodb:LeadingKeys`): what a public row reads and writes, and what a webhook writes. So no
 * public function can read a code, an order or another's account, and no bug in one can move a
 * balance where IAM would not stop it: wallets and ledgers live in `WALLET#<id>`, which only
 * signed-in, operator, payment and delivery code may write. The shopper's functions that call the
 * payment gateway are held to theirs as well. `*` matches any id
 * (functions/data-layer.md has the keys); `read` or `write` absent: any partition; `indexes`
 * absent: every index.
 */
export const partitionScopes = {
  /** What anyone may browse: games, plan groups, plans, voucher listings, the blog, banners, channels and settings. */
  shopWindow: {
    read: ['MCATS', 'MCAT#*', 'GROUP#*', 'PLAN#*', 'BLOGS', 'BLOG#*', 'SITE'],
    write: ['MCATS', 'MCAT#*', 'GROUP#*', 'PLAN#*', 'BLOGS', 'BLOG#*', 'SITE'],
    indexes: ['gsi1'],
  },
  /**
   * Making an account, signing in and getting back in: profiles, the email, mobile and Google
   * claims, the e-mail link tokens, the login, registration and reset counters; the wallet only
   * read (its balance is in the signed-in answer).
   */
  signIn: { read: [...signInPartitions, 'WALLET#*'], write: signInPartitions, indexes: [] },
  /** Starting a gateway checkout (an order or a top-up): the pending item and open-checkout count in the account, the checkout limits. */
  checkout: { write: ['USER#*', 'LIMIT#checkout-*'] },
  /**
   * The payment gateway's webhook: settling a checkout (the account's order or top-up, the
   * wallet, the day book's invoice line, the operators' alerts) and the automatic delivery a paid
   * order starts (a stock code, a plan paused by its guard).
   */
  paymentCallback: { write: settlementPartitions },
  /** The payer back from the gateway (verify) or giving up (cancel): the settlement, and the limit on payment checks. */
  paymentReturn: { write: [...settlementPartitions, 'LIMIT#verify-*'] },
  /** The supplier's delivery report: the order, its refund to the wallet when it failed, the plan's guard, the operators' alerts. */
  supplierCallback: { write: ['USER#*', 'WALLET#*', 'INVOICE#*', 'ALERT#*', 'PLAN#*'] },
} as const satisfies Record<string, { read?: readonly string[]; write?: readonly string[]; indexes?: readonly string[] }>;
export type PartitionScope = keyof typeof partitionScopes;

/**
 * The public reads CloudFront caches, by what an operator edits to change them. Such a route's
 * function answers Cache-Control for the edge (`edgeCacheControlOf`); an admin row that changes one
 * names it in `invalidates`, and its function invalidates those paths after a successful write.
 */
export type CachedRead = 'games' | 'planGroups' | 'plans' | 'vouchers' | 'banners' | 'blog' | 'paymentChannels' | 'siteSettings';

/** What a cached read answers: no browser caching, five minutes at the edge, served stale for a minute while it refreshes. */
export const edgeCacheControl = 'public, max-age=0, s-maxage=300, stale-while-revalidate=60';

/**
 * What the vouchers' listing answers: its stock falls with every sale (no invalidation follows a
 * purchase), so half a minute at the edge, served stale for ten seconds while it refreshes.
 */
export const stockCacheControl = 'public, max-age=0, s-maxage=30, stale-while-revalidate=10';

/** The Cache-Control a cached read answers, by kind. */
export const edgeCacheControlOf = (read: CachedRead): string => (read === 'vouchers' ? stockCacheControl : edgeCacheControl);

export interface Route {
  method: Method;
  /** Path under /api, written as the contract writes it; `{name}` is a path parameter. */
  path: string;
  /** `<area>/<handler>`: the module functions/<area>/handlers/<handler>.ts exporting `handler`. */
  handler: string;
  access: Access;
  /** The writes the handler makes (measured per handler); without them the function may only read. */
  writes?: readonly WriteAction[];
  /** The partitions of a row anyone can call, or that calls the payment gateway for a shopper; every such row names them. */
  partitions?: PartitionScope;
  /** A public route that still needs the key ring (it signs session tokens). */
  secret?: true;
  /** Calls or verifies the payment gateway: gets its API key (GATEWAY_SECRET_ID) and X-Ray tracing. */
  gateway?: true;
  /** Needs the top-up supplier's credentials (SUPPLIER_SECRET_ID) and address: its webhook checks the supplier's signature. */
  supplier?: true;
  /** Calls the nickname lookup: gets its own key (LOOKUP_SECRET_ID) and address, never the supplier's credentials. */
  lookup?: true;
  /** Signs uploads to the site bucket's uploads/ prefix (UPLOAD_BUCKET, PutObject there only). */
  uploads?: true;
  /** Sends the shop's e-mail (MAIL_FROM, SES SendEmail). */
  mail?: true;
  /** Reads the stage's VAPID keys (VAPID_SECRET_ID): to hand out the public key, or to sign pushes. */
  push?: true;
  /** A public GET the edge caches, and what changes it. */
  cachedAs?: CachedRead;
  /**
   * A cached GET's query parameters: all that its handler reads (its query schema has exactly
   * these), all that the edge keys its cache on and forwards (a cache policy per distinct list,
   * infra/constructs/web.ts), and the local edge cache's key likewise. Absent: none.
   */
  query?: readonly string[];
  /** The cached reads an admin write changes: invalidated at the edge after it (EDGE_DISTRIBUTION_ID, CreateInvalidation). */
  invalidates?: readonly CachedRead[];
}

/** A function's use of the table: the writes it makes, and for a row anyone can call the partitions and indexes it may touch. */
export interface TableGrant {
  writes: readonly WriteAction[];
  /** Partition key patterns it may read (IAM `dynamodb:LeadingKeys` on its reads); absent: any partition. */
  readKeys?: readonly string[];
  /** Partition key patterns it may write; absent: any partition. */
  writeKeys?: readonly string[];
  /** The indexes it may query; absent: all of them. */
  indexes?: readonly string[];
}

/** What a row's function may do with the table: its writes, and for a row anyone can call its partitions. */
export function tableGrantOf(row: Pick<Route, 'writes' | 'partitions'>): TableGrant {
  const scope: { read?: readonly string[]; write?: readonly string[]; indexes?: readonly string[] } | undefined = row.partitions
    ? partitionScopes[row.partitions]
    : undefined;
  return { writes: row.writes ?? [], readKeys: scope?.read, writeKeys: scope?.write, indexes: scope?.indexes };
}

/**
 * The scheduled payments reconciler: no route, but granted like a row (the table writes of
 * settling and cancelling, the gateway key), in the cloud and on the local stack alike.
 */
export const reconcilerJob = {
  /** Relative to functions/, exporting `handler`. */
  module: 'payments/jobs/reconcile-payments.ts',
  writes: ['PutItem', 'UpdateItem', 'DeleteItem'],
  gateway: true,
} as const satisfies Pick<Route, 'writes' | 'gateway'> & { module: string };

/**
 * What a function that calls the supplier's API is: one of the delivery functions, whose calls
 * leave from the stage's fixed outbound address where the stage has one (a small VPC with a NAT
 * gateway and an Elastic IP, infra/constructs/supplier-egress.ts), so that the supplier can
 * whitelist it. No other function calls the supplier.
 */
export interface CallsSupplier {
  supplier: true;
  egress: true;
}

/**
 * The scheduled delivery job: starts automatic deliveries whose dispatch never happened, asks the
 * supplier about those sent or lost (claiming codes, completing, refunding, pausing plans), and
 * reads the suppliers' balances for the console.
 */
export const deliveryJob = {
  module: 'orders/jobs/advance-deliveries.ts',
  writes: ['PutItem', 'UpdateItem', 'DeleteItem'],
  supplier: true,
  egress: true,
} as const satisfies Pick<Route, 'writes'> & CallsSupplier & { module: string };

/**
 * The delivery dispatcher: not scheduled but fed by the table's stream (new orders whose supplier
 * top-up is queued), it sends each once, from the stage's fixed address: the order (UpdateItem),
 * a failure's refund to the wallet (UpdateItem, PutItem), a paused plan and the operators' alerts (PutItem).
 */
export const deliveryDispatcher = {
  module: 'orders/jobs/dispatch-deliveries.ts',
  writes: ['PutItem', 'UpdateItem'],
  supplier: true,
  egress: true,
} as const satisfies Pick<Route, 'writes'> & CallsSupplier & { module: string };

/**
 * The notifications outbox's consumer: not scheduled but fed by the table's stream (new
 * notifications and operator alerts); it claims each channel's send on the item (UpdateItem),
 * mails, pushes to the shopper's devices (forgetting those whose subscription ended: DeleteItem),
 * and sends alerts with the operators' Telegram bot, whose token (TELEGRAM_SECRET_ID) no other
 * function gets.
 */
export const outboxConsumer = {
  module: 'notifications/jobs/fan-out-notifications.ts',
  writes: ['UpdateItem', 'DeleteItem'],
  mail: true,
  /** Signs the mails' one-click unsubscribe links. */
  secret: true,
  push: true,
  telegram: true,
} as const satisfies Pick<Route, 'writes' | 'mail' | 'secret' | 'push'> & { module: string; telegram: true };

/**
 * The alarms' relay: subscribed to the stage's alarm topic (SNS), it writes each alarm as an
 * operator alert (PutItem, conditioned on the alert being new) for the outbox to carry to Telegram.
 */
export const alarmRelay = {
  module: 'notifications/jobs/relay-alarms.ts',
  writes: ['PutItem'],
} as const satisfies Pick<Route, 'writes'> & { module: string };

/** The scheduled jobs, each granted like a row. */
export const jobs = [reconcilerJob, deliveryJob] as const;

/** The functions the table's stream feeds (each its own event source mapping, filtered to its records). */
export const streamConsumers = [outboxConsumer, deliveryDispatcher] as const;

/** The functions that call the supplier's API, and so leave from the stage's fixed outbound address. */
export const supplierCallers = [deliveryJob, deliveryDispatcher] as const;

/**
 * Everything a row's function is granted, as one comparable value: rows sharing a handler (a read
 * and its GET twin) must agree on it, and rows with the same value share an execution role.
 */
export const functionGrantsOf = (row: Route) =>
  JSON.stringify([
    row.access,
    tableGrantOf(row),
    needsSecret(row),
    needsGatewayKey(row),
    needsSupplier(row),
    needsLookup(row),
    needsVapid(row),
    row.uploads,
    row.mail,
    row.invalidates,
  ]);

/** Whether a route's function gets the key ring: user and admin routes (to verify tokens), and those that ask. */
export const needsSecret = (route: Route) => route.access === 'user' || route.access === 'admin' || route.secret === true;

/** Whether a function gets the VAPID keys (a route row or the outbox's consumer). */
export const needsVapid = (route: Pick<Route, 'push'>) => route.push === true;

/** Whether a route's function gets the gateway's API key. */
export const needsGatewayKey = (route: Route) => route.gateway === true;

/** Whether a route's function gets the supplier's credentials and addresses. */
export const needsSupplier = (route: object) => 'supplier' in route && route.supplier === true;

/** Whether a route's function gets the nickname lookup's key and address. */
export const needsLookup = (route: Pick<Route, 'lookup'>) => route.lookup === true;

export const apiBasePath = '/api';

/**
 * The edge paths of the routes cached as `read`, as an invalidation names them: a trailing `*`
 * (CloudFront's only wildcard) takes query strings along, and a path parameter ends the path there.
 */
export function cachedPaths(read: CachedRead): string[] {
  return routes.filter((row) => row.cachedAs === read).map((row) => `${apiBasePath}${canonicalPath(row.path).replace(/\{\w+\}.*$/, '')}*`);
}

export const routes: readonly Route[] = [
  {
    method: 'POST',
    path: '/auth/register_user',
    handler: 'auth/register-user',
    access: 'public',
    writes: ['PutItem', 'UpdateItem'],
    partitions: 'signIn',
    mail: true,
  },
  {
    method: 'POST',
    path: '/auth/google_nonce',
    handler: 'auth/issue-google-nonce',
    access: 'public',
    writes: ['PutItem', 'UpdateItem'],
    partitions: 'signIn',
  },
  {
    method: 'POST',
    path: '/auth/login',
    handler: 'auth/log-in',
    access: 'public',
    writes: ['PutItem', 'UpdateItem', 'DeleteItem'],
    partitions: 'signIn',
    secret: true,
    mail: true,
  },
  { method: 'POST', path: '/user/user_data', handler: 'auth/get-user-data', access: 'user' },
  {
    method: 'POST',
    path: '/user/update_user',
    handler: 'auth/update-user',
    access: 'user',
    writes: ['PutItem', 'UpdateItem', 'DeleteItem'],
    mail: true,
  },
  {
    method: 'POST',
    path: '/auth/verify_email',
    handler: 'auth/verify-email',
    access: 'public',
    writes: ['PutItem', 'UpdateItem', 'DeleteItem'],
    partitions: 'signIn',
    secret: true,
    mail: true,
  },
  {
    method: 'POST',
    path: '/auth/cancel_email_change',
    handler: 'auth/cancel-email-change',
    access: 'public',
    writes: ['UpdateItem', 'DeleteItem'],
    partitions: 'signIn',
  },
  {
    method: 'POST',
    path: '/auth/forgot_password',
    handler: 'auth/forgot-password',
    access: 'public',
    writes: ['PutItem', 'UpdateItem'],
    partitions: 'signIn',
    mail: true,
  },
  {
    method: 'POST',
    path: '/auth/reset_password',
    handler: 'auth/reset-password',
    access: 'public',
    writes: ['PutItem', 'UpdateItem', 'DeleteItem'],
    partitions: 'signIn',
  },
  {
    method: 'POST',
    path: '/user/send_verification',
    handler: 'auth/send-verification',
    access: 'user',
    writes: ['PutItem', 'UpdateItem'],
    mail: true,
  },
  {
    method: 'POST',
    path: '/user/request/',
    handler: 'orders/place-order',
    access: 'user',
    writes: ['PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
  },
  {
    method: 'POST',
    path: '/user/request_webview',
    handler: 'orders/start-gateway-order',
    access: 'user',
    writes: ['PutItem', 'UpdateItem'],
    partitions: 'checkout',
    gateway: true,
  },
  { method: 'POST', path: '/user/get_request_list', handler: 'orders/list-orders', access: 'user' },
  { method: 'POST', path: '/user/order/{id}', handler: 'orders/get-order', access: 'user' },
  { method: 'POST', path: '/user/player_ids', handler: 'orders/list-player-ids', access: 'user' },
  {
    method: 'POST',
    path: '/user/player_lookup',
    handler: 'orders/lookup-player',
    access: 'user',
    writes: ['PutItem', 'UpdateItem'],
    lookup: true,
  },
  {
    method: 'POST',
    path: '/user/wallet_request_webview',
    handler: 'wallet/start-top-up',
    access: 'user',
    writes: ['PutItem', 'UpdateItem'],
    partitions: 'checkout',
    gateway: true,
  },
  { method: 'POST', path: '/user/get_wallet_request', handler: 'wallet/list-top-ups', access: 'user' },
  { method: 'POST', path: '/user/wallet_statement', handler: 'wallet/get-statement', access: 'user' },
  { method: 'POST', path: '/user/notifications', handler: 'notifications/list-notifications', access: 'user' },
  {
    method: 'POST',
    path: '/user/notifications/read',
    handler: 'notifications/mark-notifications-read',
    access: 'user',
    writes: ['UpdateItem'],
  },
  { method: 'POST', path: '/user/language', handler: 'auth/set-language', access: 'user', writes: ['UpdateItem'] },
  { method: 'POST', path: '/user/notification_settings', handler: 'notifications/get-notification-settings', access: 'user' },
  {
    method: 'POST',
    path: '/user/notification_settings/update',
    handler: 'notifications/save-notification-settings',
    access: 'user',
    writes: ['UpdateItem'],
  },
  {
    method: 'POST',
    path: '/mail/unsubscribe',
    handler: 'notifications/unsubscribe',
    access: 'public',
    writes: ['UpdateItem'],
    partitions: 'signIn',
    secret: true,
  },
  { method: 'GET', path: '/user/push_key', handler: 'notifications/get-push-key', access: 'public', partitions: 'shopWindow', push: true },
  {
    method: 'POST',
    path: '/user/push_subscriptions',
    handler: 'notifications/save-push-subscription',
    access: 'user',
    writes: ['PutItem'],
  },
  {
    method: 'POST',
    path: '/user/push_subscriptions/delete',
    handler: 'notifications/delete-push-subscription',
    access: 'user',
    writes: ['DeleteItem'],
  },
  { method: 'POST', path: '/user/push_devices', handler: 'notifications/list-push-devices', access: 'user' },
  {
    method: 'POST',
    path: '/user/push_devices/delete',
    handler: 'notifications/delete-push-device',
    access: 'user',
    writes: ['DeleteItem'],
  },
  {
    method: 'POST',
    path: '/user/buy_voucher/',
    handler: 'vouchers/buy-voucher',
    access: 'user',
    writes: ['PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
  },
  { method: 'POST', path: '/user/get_voucher_history', handler: 'vouchers/list-code-orders', access: 'user' },
  {
    method: 'POST',
    path: '/user/verify_payment',
    handler: 'payments/verify-payment',
    access: 'user',
    writes: ['PutItem', 'UpdateItem', 'DeleteItem'],
    partitions: 'paymentReturn',
    gateway: true,
  },
  {
    method: 'POST',
    path: '/user/cancel_payment',
    handler: 'payments/cancel-payment',
    access: 'user',
    writes: ['PutItem', 'UpdateItem', 'DeleteItem'],
    partitions: 'paymentReturn',
    gateway: true,
  },
  {
    method: 'POST',
    path: '/supplier/{supplier}/webhook',
    handler: 'orders/receive-supplier-callback',
    access: 'supplier',
    writes: ['PutItem', 'UpdateItem', 'DeleteItem'],
    partitions: 'supplierCallback',
    supplier: true,
  },
  {
    method: 'POST',
    path: '/payment/webhook',
    handler: 'payments/receive-webhook',
    access: 'gateway',
    writes: ['PutItem', 'UpdateItem', 'DeleteItem'],
    partitions: 'paymentCallback',
    gateway: true,
  },
  {
    method: 'POST',
    path: '/payment/{gateway}/webhook',
    handler: 'payments/receive-webhook',
    access: 'gateway',
    writes: ['PutItem', 'UpdateItem', 'DeleteItem'],
    partitions: 'paymentCallback',
    gateway: true,
  },
  {
    method: 'GET',
    path: '/user/master_category_list',
    handler: 'catalog/list-master-categories',
    access: 'public',
    partitions: 'shopWindow',
    cachedAs: 'games',
  },
  {
    method: 'GET',
    path: '/user/event_list',
    handler: 'content/list-events',
    access: 'public',
    partitions: 'shopWindow',
    cachedAs: 'banners',
  },
  { method: 'POST', path: '/user/category_list', handler: 'catalog/list-plan-groups', access: 'public', partitions: 'shopWindow' },
  {
    method: 'GET',
    path: '/user/category_list',
    handler: 'catalog/list-plan-groups',
    access: 'public',
    partitions: 'shopWindow',
    cachedAs: 'planGroups',
    query: ['master_category'],
  },
  { method: 'POST', path: '/user/plan_list/', handler: 'catalog/list-plans', access: 'public', partitions: 'shopWindow' },
  {
    method: 'GET',
    path: '/user/plan_list',
    handler: 'catalog/list-plans',
    access: 'public',
    partitions: 'shopWindow',
    cachedAs: 'plans',
    query: ['category_id'],
  },
  {
    method: 'POST',
    path: '/user/auto_delivery_vouchers_list',
    handler: 'vouchers/list-vouchers',
    access: 'public',
    partitions: 'shopWindow',
  },
  {
    method: 'GET',
    path: '/user/auto_delivery_vouchers_list',
    handler: 'vouchers/list-vouchers',
    access: 'public',
    partitions: 'shopWindow',
    cachedAs: 'vouchers',
    query: ['mcategory_id'],
  },
  {
    method: 'GET',
    path: '/user/blog_list',
    handler: 'content/list-blog-posts',
    access: 'public',
    partitions: 'shopWindow',
    cachedAs: 'blog',
  },
  {
    method: 'GET',
    path: '/user/blog/{id}',
    handler: 'content/get-blog-post',
    access: 'public',
    partitions: 'shopWindow',
    cachedAs: 'blog',
  },
  { method: 'GET', path: '/user/shop_status', handler: 'content/get-shop-status', access: 'public', partitions: 'shopWindow' },
  {
    method: 'GET',
    path: '/user/get_senders',
    handler: 'content/list-payment-channels',
    access: 'public',
    partitions: 'shopWindow',
    cachedAs: 'paymentChannels',
  },
  {
    method: 'GET',
    path: '/user/site_settings',
    handler: 'content/get-site-settings',
    access: 'public',
    partitions: 'shopWindow',
    cachedAs: 'siteSettings',
  },
  {
    method: 'GET',
    path: '/user/redeem_link',
    handler: 'content/get-redeem-link',
    access: 'public',
    partitions: 'shopWindow',
    cachedAs: 'siteSettings',
  },
  { method: 'GET', path: '/admin/dashboard', handler: 'admin/get-dashboard', access: 'admin' },
  { method: 'GET', path: '/admin/orders', handler: 'admin/list-orders', access: 'admin' },
  { method: 'GET', path: '/admin/deliveries', handler: 'admin/list-deliveries', access: 'admin' },
  { method: 'POST', path: '/admin/suppliers/{supplier}', handler: 'admin/save-supplier-rate', access: 'admin', writes: ['PutItem'] },
  { method: 'GET', path: '/admin/orders/{id}', handler: 'admin/get-order', access: 'admin' },
  { method: 'POST', path: '/admin/orders/{id}/reveal', handler: 'admin/reveal-order-secret', access: 'admin', writes: ['PutItem'] },
  {
    method: 'POST',
    path: '/admin/orders/{id}/complete',
    handler: 'admin/complete-order',
    access: 'admin',
    writes: ['PutItem', 'UpdateItem'],
  },
  {
    method: 'POST',
    path: '/admin/orders/{id}/refund',
    handler: 'admin/refund-order',
    access: 'admin',
    writes: ['PutItem', 'UpdateItem'],
    gateway: true,
  },
  {
    method: 'POST',
    path: '/admin/orders/{id}/gateway_refund',
    handler: 'admin/resolve-refund',
    access: 'admin',
    writes: ['PutItem', 'UpdateItem'],
  },
  {
    method: 'POST',
    path: '/admin/orders/{id}/take_over_delivery',
    handler: 'admin/take-over-delivery',
    access: 'admin',
    writes: ['PutItem', 'UpdateItem'],
  },
  { method: 'GET', path: '/admin/wallet_requests', handler: 'admin/list-wallet-requests', access: 'admin' },
  {
    method: 'POST',
    path: '/admin/wallet_requests/{id}/verify',
    handler: 'admin/verify-wallet-request',
    access: 'admin',
    writes: ['PutItem', 'UpdateItem'],
    gateway: true,
  },
  { method: 'GET', path: '/admin/payments/waiting', handler: 'admin/list-waiting-payments', access: 'admin' },
  {
    method: 'POST',
    path: '/admin/payments/settle',
    handler: 'admin/settle-payment',
    access: 'admin',
    writes: ['PutItem', 'UpdateItem', 'DeleteItem'],
    gateway: true,
  },
  { method: 'GET', path: '/admin/payments/daily', handler: 'admin/get-payment-days', access: 'admin' },
  { method: 'GET', path: '/admin/users', handler: 'admin/find-users', access: 'admin' },
  { method: 'GET', path: '/admin/users/{id}', handler: 'admin/get-user', access: 'admin' },
  { method: 'POST', path: '/admin/users/{id}/adjust', handler: 'admin/adjust-wallet', access: 'admin', writes: ['PutItem', 'UpdateItem'] },
  { method: 'GET', path: '/admin/audit', handler: 'admin/list-audit', access: 'admin' },
  { method: 'GET', path: '/admin/catalog', handler: 'admin/get-catalog', access: 'admin' },
  {
    method: 'POST',
    path: '/admin/master_categories',
    handler: 'admin/save-master-category',
    access: 'admin',
    writes: ['PutItem', 'UpdateItem'],
    invalidates: ['games'],
  },
  {
    method: 'POST',
    path: '/admin/plan_groups',
    handler: 'admin/save-plan-group',
    access: 'admin',
    writes: ['PutItem', 'UpdateItem'],
    invalidates: ['planGroups'],
  },
  {
    method: 'POST',
    path: '/admin/plans',
    handler: 'admin/save-plan',
    access: 'admin',
    writes: ['PutItem', 'UpdateItem'],
    invalidates: ['plans'],
  },
  { method: 'GET', path: '/admin/vouchers', handler: 'admin/list-vouchers', access: 'admin' },
  {
    method: 'POST',
    path: '/admin/vouchers',
    handler: 'admin/save-voucher',
    access: 'admin',
    writes: ['PutItem', 'UpdateItem'],
    invalidates: ['vouchers'],
  },
  { method: 'GET', path: '/admin/vouchers/{id}/codes', handler: 'admin/list-codes', access: 'admin' },
  {
    method: 'POST',
    path: '/admin/vouchers/{id}/codes',
    handler: 'admin/upload-codes',
    access: 'admin',
    writes: ['PutItem', 'UpdateItem'],
    invalidates: ['vouchers'],
  },
  {
    method: 'POST',
    path: '/admin/vouchers/{id}/codes/{code_id}/void',
    handler: 'admin/void-code',
    access: 'admin',
    writes: ['PutItem', 'UpdateItem', 'DeleteItem'],
    invalidates: ['vouchers'],
  },
  {
    method: 'POST',
    path: '/admin/blogs',
    handler: 'admin/save-blog-post',
    access: 'admin',
    writes: ['PutItem', 'UpdateItem'],
    invalidates: ['blog'],
  },
  {
    method: 'POST',
    path: '/admin/events',
    handler: 'admin/save-event',
    access: 'admin',
    writes: ['PutItem', 'UpdateItem'],
    invalidates: ['banners'],
  },
  {
    method: 'POST',
    path: '/admin/senders',
    handler: 'admin/save-payment-channel',
    access: 'admin',
    writes: ['PutItem', 'UpdateItem'],
    invalidates: ['paymentChannels'],
  },
  {
    method: 'POST',
    path: '/admin/{kind}/{id}/delete',
    handler: 'admin/delete-item',
    access: 'admin',
    writes: ['PutItem', 'UpdateItem', 'DeleteItem'],
    invalidates: ['games', 'planGroups', 'plans', 'vouchers', 'blog', 'banners', 'paymentChannels'],
  },
  { method: 'GET', path: '/admin/content', handler: 'admin/get-content', access: 'admin' },
  {
    method: 'POST',
    path: '/admin/site_settings',
    handler: 'admin/update-site-settings',
    access: 'admin',
    writes: ['PutItem'],
    invalidates: ['siteSettings'],
  },
  { method: 'POST', path: '/admin/uploads', handler: 'admin/presign-upload', access: 'admin', writes: ['PutItem'], uploads: true },
  { method: 'GET', path: '/admin/alert_settings', handler: 'admin/get-alert-settings', access: 'admin' },
  { method: 'POST', path: '/admin/alert_settings', handler: 'admin/save-alert-settings', access: 'admin', writes: ['PutItem'] },
  { method: 'POST', path: '/admin/alert_settings/test', handler: 'admin/send-test-alert', access: 'admin', writes: ['PutItem'] },
];

/** Answers every /api request that no row matches: 404, 405, or the trailing-slash twin. */
export const fallbackHandler = 'platform/route-not-found';

/** The API's authorizer: CloudFront's origin secret, checked by API Gateway before any route's function runs. */
export const originAuthorizerHandler = 'platform/origin-authorizer';

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
