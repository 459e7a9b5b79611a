import type { buyVoucherBody } from '@contract/orders';
import type { CodeSale } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../lib/api';
import { userKey } from '../../../lib/auth';
import { codeHistoryKey } from './get-code-history';

/** The request of POST /user/buy_voucher/ as its schema takes it (functions/contract/orders.ts). */
export type BuyVoucherRequest = v.InferInput<typeof buyVoucherBody>;

/**
 * POST /user/buy_voucher/: buys `qty` codes of a voucher from the wallet. Revalidates the user
 * (balance) and the code history; answers the server's message.
 */
export function useBuyVoucher() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/user/buy_voucher/',
    async (path: string, { arg }: { arg: BuyVoucherRequest }) => {
      const { message } = await apiRequest<CodeSale>('POST', path, { body: arg });
      await Promise.all([mutate(userKey), mutate(codeHistoryKey)]);
      return message;
    },
    writeOptions,
  );
}
