import type { PaymentCheck } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../lib/api';
import { userKey } from '../../../lib/auth';
import { ordersKey, walletRequestsKey } from '../../../lib/cache-keys';
import { announcePayment } from '../../../lib/payment-follow';

/**
 * POST /user/verify_payment: settles the caller's own payment now if the gateway says it is
 * paid; answers where it stands ("1" paid, "2" not completed, "0" still processing) with the
 * server's message, and tells the shop's other tabs (the one that started it is waiting). However
 * it went, the user (balance), the orders and the wallet top-ups are revalidated; the answer
 * does not wait for them.
 */
export function useVerifyPayment() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/user/verify_payment',
    async (path: string, { arg: invoiceId }: { arg: string }) => {
      try {
        const result = await apiRequest<PaymentCheck>('POST', path, { body: { invoice_id: invoiceId } });
        if (result.data) announcePayment(result.data);
        return result;
      } finally {
        void Promise.all([mutate(userKey), mutate(ordersKey), mutate(walletRequestsKey)]);
      }
    },
    writeOptions,
  );
}
