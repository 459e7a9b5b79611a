import type { verifyPaymentBody } from '@contract/orders';
import type { PaymentCheck } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../lib/api';
import { userKey } from '../../../lib/auth';
import { ordersKey, walletRequestsKey } from '../../../lib/cache-keys';
import { announcePayment } from '../payment-follow';
import { paymentFromWire } from '../../../lib/statuses';

/**
 * POST /user/verify_payment: settles the caller's own payment now if the gateway says it is
 * paid; answers where it stands (completed: paid, cancelled: not completed, pending: still processing) with the
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
        const { message, data } = await apiRequest<PaymentCheck | undefined>('POST', path, {
          body: { invoice_id: invoiceId } satisfies v.InferInput<typeof verifyPaymentBody>,
        });
        const check = data && paymentFromWire(data);
        if (check) announcePayment(check);
        return { message, data: check };
      } finally {
        void Promise.all([mutate(userKey), mutate(ordersKey), mutate(walletRequestsKey)]);
      }
    },
    writeOptions,
  );
}
