import type { uploadCodesBody } from '@contract/admin-catalog';
import type { CodeUploadResult } from '@contract/admin-wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { reloadList } from '../../kit/api/cursor-list';
import { dashboardKey } from '../../dashboard/api/get-dashboard';
import { codesListKey } from './get-codes';
import { isVouchersKey } from './get-vouchers';
import { refreshShopReads } from '../../kit/api/shop-reads';

/** A batch of codes for a voucher: the voucher, and the request its schema takes (functions/contract/admin-catalog.ts). */
export type UploadCodesRequest = { voucher_id: string } & v.InferInput<typeof uploadCodesBody>;

/**
 * POST /admin/vouchers/{id}/codes: a batch of codes, one a line. Answers the counts only (the
 * codes are never kept: not in the cache, not in the mutation's key), and revalidates the masked
 * list, the stock in the vouchers lists and the dashboard, and the shop's reads.
 */
export function useUploadCodes() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/vouchers/codes',
    async (_key: string, { arg: { voucher_id: voucherId, ...batch } }: { arg: UploadCodesRequest }) => {
      const { data } = await apiRequest<CodeUploadResult>('POST', codesListKey(voucherId), { body: batch });
      await Promise.all([
        reloadList(mutate, codesListKey(voucherId)),
        mutate(isVouchersKey),
        mutate(dashboardKey),
        refreshShopReads(mutate, 'vouchers'),
      ]);
      return data;
    },
    { ...writeOptions, populateCache: false, revalidate: false },
  );
}
