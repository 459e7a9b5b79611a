import type { AdminVoucher } from '@contract/admin-wire';
import useSWR from 'swr';
import type { DeleteRevalidation } from '../../kit/api/delete-item';

/** GET /admin/vouchers, of one brand or (without one) of every brand. */
export const vouchersKey = (brandId?: string) =>
  brandId ? `/admin/vouchers?mcategory_id=${encodeURIComponent(brandId)}` : '/admin/vouchers';

/** Whether a cache key is a vouchers list (a voucher or code write changes what it shows). */
export const isVouchersKey = (key: unknown) => typeof key === 'string' && /^\/admin\/vouchers(\?|$)/.test(key);

/** What deleting a voucher revalidates. */
export const voucherDeletes: DeleteRevalidation = { lists: isVouchersKey, area: 'vouchers' };

/** The vouchers of a brand, or of every brand (no id), with their stock of unsold codes; none while the brand is not known (null). */
export function useAdminVouchers(brandId?: string | null) {
  return useSWR<AdminVoucher[]>(brandId === null ? null : vouchersKey(brandId));
}
