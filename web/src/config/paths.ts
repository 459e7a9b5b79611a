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
  /** The operators' console; its own routes are in admin-paths, outside the shopper's first load. */
  admin: '/admin',
} as const;

/** Code (voucher) categories are the ones whose name ends with a full stop. */
export const isCodeCategory = (name: string) => name.trim().endsWith('.');

/** Where a master category leads: its vouchers for codes, its top-up page otherwise. */
export const categoryPath = (category: { id: string; cname: string }) =>
  isCodeCategory(category.cname) ? paths.voucher(category.id) : paths.category(category.id);
