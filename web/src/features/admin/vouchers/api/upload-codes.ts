import type { CodeUploadResult } from '@contract/admin-wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { reloadList } from '../../kit/api/cursor-list';
import { dashboardKey } from '../../dashboard/api/get-dashboard';
import { codesListKey } from './get-codes';
import { isVouchersKey } from './get-vouchers';
import { refreshShopReads } from '../../kit/api/shop-reads';

/**
 * POST /admin/vouchers/{id}/codes: a batch of codes, one a line. Answers the counts only (the
 * codes are never kept: not in the cache, not in the mutation's key), and revalidates the masked
 * list, the stock in the vouchers lists and the dashboard, and the shop's reads.
 */
export function useUploadCodes() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/vouchers/codes',
    async (_key: string, { arg }: { arg: { voucher_id: string; codes: string } }) => {
      const { data } = await apiRequest<CodeUploadResult>('POST', codesListKey(arg.voucher_id), { body: { codes: arg.codes } });
      await Promise.all([
        reloadList(mutate, codesListKey(arg.voucher_id)),
        mutate(isVouchersKey),
        mutate(dashboardKey),
        refreshShopReads(mutate, 'vouchers'),
      ]);
      return data;
    },
    { ...writeOptions, populateCache: false, revalidate: false },
  );
}
