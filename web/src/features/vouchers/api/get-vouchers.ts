import type { VoucherRow } from '@contract/wire';
import useSWR from 'swr';
import { prefetchRead } from '../../../lib/api';

/** A voucher (gift card) with its unsold codes as stock; `description` is the Rules HTML (spec §3). */
export type Voucher = VoucherRow;

/** POST /user/auto_delivery_vouchers_list: a brand's vouchers. */
export function useVouchers(masterCategoryId: string) {
  return useSWR<Voucher[]>(vouchersKey(masterCategoryId));
}

const vouchersKey = (masterCategoryId: string) => ['/user/auto_delivery_vouchers_list', { mcategory_id: masterCategoryId }] as const;

/** Asks for a brand's vouchers as its page's chunk loads. */
export function prefetchVouchers(masterCategoryId: string): void {
  void prefetchRead<Voucher[]>(vouchersKey(masterCategoryId));
}
