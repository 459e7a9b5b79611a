import type { VoucherRow } from '@contract/wire';
import useSWR from 'swr';

/** A voucher (gift card) with its unsold codes as stock; `description` is the Rules HTML (spec §3). */
export type Voucher = VoucherRow;

/** POST /user/auto_delivery_vouchers_list: a brand's vouchers. */
export function useVouchers(masterCategoryId: string) {
  return useSWR<Voucher[]>(['/user/auto_delivery_vouchers_list', { mcategory_id: masterCategoryId }]);
}
