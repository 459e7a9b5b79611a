import type { VoucherRow } from '@contract/wire';
import useSWR from 'swr';
import { prefetchRead, queryPath } from '../../../lib/api';

/** A voucher (gift card) with its unsold codes as stock; `description` is the Rules HTML (spec §3). */
export type Voucher = VoucherRow;

/** GET /user/auto_delivery_vouchers_list (the edge-cached twin of the contract's POST): a brand's vouchers. */
export function useVouchers(masterCategoryId: string) {
  return useSWR<Voucher[]>(vouchersKey(masterCategoryId));
}

const vouchersKey = (masterCategoryId: string) => queryPath('/user/auto_delivery_vouchers_list', { mcategory_id: masterCategoryId });

/** Asks for a brand's vouchers as its page's chunk loads. */
export function prefetchVouchers(masterCategoryId: string): void {
  void prefetchRead<Voucher[]>(vouchersKey(masterCategoryId));
}
