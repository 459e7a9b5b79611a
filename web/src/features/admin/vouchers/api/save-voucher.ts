import type { AdminVoucher } from '@contract/admin-wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { isVouchersKey } from './get-vouchers';
import { refreshShopReads } from '../../kit/api/shop-reads';
import type { saveVoucherBody } from '@contract/admin-catalog';
import type * as v from 'valibot';

/** The request as the endpoint's schema takes it (functions/contract/admin-catalog.ts). */
export type VoucherInput = v.InferInput<typeof saveVoucherBody>;

/** POST /admin/vouchers: a new voucher of a brand, or a change of one. Revalidates the vouchers lists and the shop's reads. */
export function useSaveVoucher() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/vouchers',
    async (path: string, { arg }: { arg: VoucherInput }) => {
      const { data, message } = await apiRequest<AdminVoucher>('POST', path, { body: { ...arg } });
      await Promise.all([mutate(isVouchersKey), refreshShopReads(mutate, 'vouchers')]);
      return { voucher: data, message };
    },
    writeOptions,
  );
}
