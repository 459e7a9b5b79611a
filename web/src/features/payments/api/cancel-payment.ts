import type { cancelPaymentBody } from '@contract/orders';
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
 * POST /user/cancel_payment: gives up a payment that waits (named by our own id: a cancel at the
 * gateway brings no invoice id back), unless the gateway says it is paid
 * (then it settles as paid: status `completed`, "This payment was already made"). Revalidates the user
 * (balance), the orders and the wallet top-ups, and tells the shop's other tabs; answers where it
 * stands with the server's message.
 */
export function useCancelPayment() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/user/cancel_payment',
    async (path: string, { arg: payment }: { arg: v.InferInput<typeof cancelPaymentBody> }) => {
      const { message, data } = await apiRequest<PaymentCheck>('POST', path, {
        body: { kind: payment.kind, id: payment.id } satisfies v.InferInput<typeof cancelPaymentBody>,
      });
      const check = paymentFromWire(data);
      announcePayment(check);
      await Promise.all([mutate(userKey), mutate(ordersKey), mutate(walletRequestsKey)]);
      return { message, data: check };
    },
    writeOptions,
  );
}
