import { type OrderStatus, type TopUpStatus, statusToWire } from '../lib/statuses';

/** How the orders queue is sorted: pending orders oldest first (a queue), the others newest first. */
export type OrderSort = 'oldest' | 'newest';

/** The sort a status list takes when the URL names none (the server's own default). */
export const defaultOrderSort = (status: OrderStatus): OrderSort => (status === 'pending' ? 'oldest' : 'newest');

/**
 * The admin console's routes, typed; the filters of a list live in its query string (a status as
 * the wire's digit). Kept apart from `paths` so that a shopper's first load does not carry them.
 */
export const adminPaths = {
  dashboard: '/admin',
  orders: (status: OrderStatus = 'pending', sort: OrderSort = defaultOrderSort(status)) =>
    `/admin/orders?status=${statusToWire(status)}&sort=${sort}`,
  order: (id: string) => `/admin/orders/${encodeURIComponent(id)}`,
  deliveries: '/admin/deliveries',
  walletRequests: (status: TopUpStatus = 'pending') => `/admin/wallet-requests?status=${statusToWire(status)}`,
  /** Waiting payments, settling by invoice id and the daily reconciliation of ?from= to ?to= (Dhaka days). */
  payments: (range?: { from: string; to: string }) => (range ? `/admin/payments?from=${range.from}&to=${range.to}` : '/admin/payments'),
  /** The sales report of ?from= to ?to= (Dhaka days, at most 90): trend, rankings, claims and the CSVs. */
  reports: (range?: { from: string; to: string }) => (range ? `/admin/reports?from=${range.from}&to=${range.to}` : '/admin/reports'),
  users: (query = '') => (query ? `/admin/users?q=${encodeURIComponent(query)}` : '/admin/users'),
  user: (id: string) => `/admin/users/${encodeURIComponent(id)}`,
  /** Held orders to release or refund; the server's alerts of a hold link here. */
  reviewQueue: '/admin/review',
  /** Shoppers' reports of a problem with an order: the open ones (the queue), or the closed ones. */
  claims: (status: 'open' | 'closed' = 'open') => (status === 'open' ? '/admin/claims' : '/admin/claims?status=closed'),
  /** The risk settings and velocity rules. */
  risk: '/admin/risk',
  /** What one payer's number paid for in a range of Dhaka days (?number=&from=&to=). */
  payers: (query?: { number: string; from: string; to: string }) =>
    query ? `/admin/payers?number=${encodeURIComponent(query.number)}&from=${query.from}&to=${query.to}` : '/admin/payers',
  blocklist: '/admin/blocklist',
  audit: '/admin/audit',
  codes: (voucherId?: string) => (voucherId ? `/admin/codes?voucher=${encodeURIComponent(voucherId)}` : '/admin/codes'),
  catalog: (gameId?: string) => (gameId ? `/admin/catalog?game=${encodeURIComponent(gameId)}` : '/admin/catalog'),
  vouchers: (brandId?: string) => (brandId ? `/admin/vouchers?brand=${encodeURIComponent(brandId)}` : '/admin/vouchers'),
  blog: '/admin/blog',
  blogPost: (id: string) => `/admin/blog/${encodeURIComponent(id)}`,
  newBlogPost: '/admin/blog/new',
  banners: '/admin/banners',
  paymentChannels: '/admin/payment-channels',
  promotions: '/admin/promotions',
  settings: '/admin/settings',
} as const;
