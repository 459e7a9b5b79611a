import type { CodeSale } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../lib/api';
import { userKey } from '../../../lib/auth';
import { codeHistoryKey } from './get-code-history';

/**
 * POST /user/buy_voucher/: buys `qty` codes of a voucher from the wallet. Revalidates the user
 * (balance) and the code history; answers the server's message.
 */
export function useBuyVoucher() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/user/buy_voucher/',
    async (path: string, { arg }: { arg: { voucher_id: string; qty: number } }) => {
      const { message } = await apiRequest<CodeSale>('POST', path, { body: arg });
      await Promise.all([mutate(userKey), mutate(codeHistoryKey)]);
      return message;
    },
    writeOptions,
  );
}
