/** Every route of the SPA, typed, so that links and the router agree. */
export const paths = {
  home: '/',
  voucherCode: '/voucher-code',
  playerIdTopup: '/player-id-topup',
  category: (id: string) => `/category/${encodeURIComponent(id)}`,
  voucher: (id: string) => `/voucher/${encodeURIComponent(id)}`,
  aboutUs: '/about-us',
  contactUs: '/contact-us',
  register: '/register',
  login: '/login',
  /** Where a mailed verification link lands. */
  verifyEmail: '/verify-email',
  /** Where the owner's "this wasn't me" link (an email change asked for) lands, with ?token=. */
  cancelEmailChange: '/cancel-email-change',
  /** Where a mail's one-click unsubscribe link lands, with ?token=. */
  unsubscribe: '/unsubscribe',
  forgotPassword: '/forgot-password',
  /** Where a mailed reset link lands, with ?token=. */
  resetPassword: '/reset-password',
  terms: '/terms-and-condition',
  blogs: '/blogs',
  blog: (id: string) => `/blog/${encodeURIComponent(id)}`,
  profile: '/profile',
  profileWallet: '/profile/userWallet',
  profileOrders: '/profile/userOrder',
  profileCodes: '/profile/userCode',
  profileSecurity: '/profile/userSecurity',
  profileEdit: '/profile/userEdit',
  addMoney: '/profile/addMoney',
  /** What happened to the shopper's orders and wallet, newest first. */
  profileNotifications: '/profile/notifications',
  /** One order with its timeline. */
  profileOrder: (id: string) => `/profile/order/${encodeURIComponent(id)}`,
  /** A guest's order, by the secret of its link (`{site}/order/{token}`, sent with the receipt). */
  guestOrder: (token: string) => `/order/${encodeURIComponent(token)}`,
  /** Where the gateway sends a guest back, with ?invoice_id=. */
  orderReturn: '/order/return',
  /** "Find my orders": a guest's orders by their e-mail or mobile number and a one-time code. */
  findOrders: '/find-orders',
  /** The operators' console; its own routes are in admin-paths, outside the shopper's first load. */
  admin: '/admin',
} as const;

/** Whether a path is the operators' console (its own bottom bar; no shop banner, popups or wallet chip). */
export const isConsolePath = (pathname: string) => pathname === paths.admin || pathname.startsWith(`${paths.admin}/`);

/** Code (voucher) categories are the ones whose name ends with a full stop. */
export const isCodeCategory = (name: string) => name.trim().endsWith('.');

/** A category's name as shoppers read it: a code category's marking full stop left off ("Google Play gift cards"). */
export const categoryName = (name: string) => (isCodeCategory(name) ? name.trim().slice(0, -1) : name);

/** Where a master category leads: its vouchers for codes, its top-up page otherwise. */
export const categoryPath = (category: { id: string; cname: string }) =>
  isCodeCategory(category.cname) ? paths.voucher(category.id) : paths.category(category.id);

/**
 * Where a visitor is sent to sign in, and brought back to afterwards (`next`, a path of this site
 * with its query: the page and what was chosen on it).
 */
export const signInPath = (page: 'login' | 'register', next?: string) =>
  next
    ? `${page === 'login' ? paths.login : paths.register}?next=${encodeURIComponent(next)}`
    : page === 'login'
      ? paths.login
      : paths.register;

/** A `next` that is a path of this site, else home: never another origin (`//evil.example`, `https:`). */
export const safeNext = (next: string | null | undefined) => (next && /^\/(?![/\\])/.test(next) ? next : paths.home);

/** The contact page with its message started for an order (the "Need help with this order?" action). */
export const contactAboutOrder = (orderId: string) => `${paths.contactUs}?order=${encodeURIComponent(orderId)}`;
