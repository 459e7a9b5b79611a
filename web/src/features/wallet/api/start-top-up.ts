import type { topUpBody } from '@contract/orders';
import type { CheckoutAnswer } from '@contract/wire';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../lib/api';

/** The txn_id of spec §3: a millisecond timestamp followed by a random number below 10000. */
export const newTxnId = () => `${Date.now()}${Math.floor(Math.random() * 10000)}`;

/**
 * POST /user/wallet_request_webview: asks for a gateway checkout to add `amount` taka under the
 * caller's `txn_id` (the top-up's row carries it, so that the page can follow it); answers where
 * the payer goes next (see features/payments/payment-window). Nothing changes until the payment returns.
 */
export function useStartTopUp() {
  return useSWRMutation(
    '/user/wallet_request_webview',
    async (path: string, { arg }: { arg: { amount: number; txnId: string } }) => {
      const { data } = await apiRequest<CheckoutAnswer>('POST', path, {
        body: { amount: arg.amount, txn_id: arg.txnId } satisfies v.InferInput<ReturnType<typeof topUpBody>>,
      });
      return data;
    },
    writeOptions,
  );
}
