import type { MaskedCodes } from '@contract/admin-wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { ApiError, apiRequest, writeOptions } from '../../../../lib/api';
import { reloadList, updatePages } from '../../kit/api/cursor-list';
import { dashboardKey } from '../../dashboard/api/get-dashboard';
import { codesListKey } from './get-codes';
import { isVouchersKey } from './get-vouchers';
import { refreshShopReads } from '../../kit/api/shop-reads';

/**
 * POST /admin/vouchers/{id}/codes/{code_id}/void: removes an unsold code for good. Takes the code
 * out of the cached list and sets the stock it answers; revalidates the vouchers lists, the
 * dashboard and the shop's reads. Answers the server's message. A code sold or voided meanwhile
 * (409) is thrown after the list is read again.
 */
export function useVoidCode() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/vouchers/codes/void',
    async (_key: string, { arg }: { arg: { voucher_id: string; code_id: string } }) => {
      const base = codesListKey(arg.voucher_id);
      const { data, message } = await apiRequest<{ stock: number }>('POST', `${base}/${encodeURIComponent(arg.code_id)}/void`).catch(
        async (error: unknown) => {
          if (error instanceof ApiError && (error.status === 409 || error.status === 404)) await reloadList(mutate, base);
          throw error;
        },
      );
      await Promise.all([
        updatePages<MaskedCodes>(mutate, base, (page) => ({
          ...page,
          stock: data.stock,
          items: page.items.filter((code) => code.code_id !== arg.code_id),
        })),
        mutate(isVouchersKey),
        mutate(dashboardKey),
        refreshShopReads(mutate, 'vouchers'),
      ]);
      return message;
    },
    writeOptions,
  );
}
