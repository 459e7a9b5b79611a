import { adminPaths } from '../../config/admin-paths';

export interface AdminSection {
  label: string;
  to: string;
  /** Active on this path only, not on the paths below it. */
  end?: boolean;
  /** Its name in the phone's bottom bar; the sections without one are under More. */
  phone?: string;
}

/**
 * The console's sections, in the order the nav shows them. A new section is a row here and its
 * route in app/routes/admin/routes.tsx.
 */
export const adminSections: AdminSection[] = [
  { label: 'Dashboard', to: adminPaths.dashboard, end: true },
  { label: 'Orders', to: adminPaths.orders(), phone: 'Queue' },
  { label: 'Review', to: adminPaths.reviewQueue, phone: 'Review' },
  { label: 'Claims', to: adminPaths.claims() },
  { label: 'Deliveries', to: adminPaths.deliveries },
  { label: 'Top-ups', to: adminPaths.walletRequests(), phone: 'Top-ups' },
  { label: 'Payments', to: adminPaths.payments() },
  { label: 'Reports', to: adminPaths.reports() },
  { label: 'Users', to: adminPaths.users() },
  { label: 'Codes', to: adminPaths.codes(), phone: 'Codes' },
  { label: 'Games and plans', to: adminPaths.catalog() },
  { label: 'Vouchers', to: adminPaths.vouchers() },
  { label: 'Promotions', to: adminPaths.promotions },
  { label: 'Blog', to: adminPaths.blog },
  { label: 'Banners', to: adminPaths.banners },
  { label: 'Payment channels', to: adminPaths.paymentChannels },
  { label: 'Site settings', to: adminPaths.settings },
  { label: 'Risk rules', to: adminPaths.risk },
  { label: 'Payer search', to: adminPaths.payers() },
  { label: 'Blocklist', to: adminPaths.blocklist },
  { label: 'Audit', to: adminPaths.audit },
];
