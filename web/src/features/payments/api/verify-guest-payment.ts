import type { guestVerifyPaymentBody } from '@contract/orders';
import type { PaymentCheck } from '@contract/wire';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../lib/api';
import { paymentFromWire } from '../../../lib/statuses';

/** The request as the endpoint's schema takes it (functions/contract/orders.ts). */
type GuestVerifyRequest = v.InferInput<typeof guestVerifyPaymentBody>;

/**
 * POST /guest/verify_payment: a guest back from the gateway settles the payment of the order
 * whose link's secret this device kept, if the gateway says it is paid; an invoice that is not that
 * order's is a 404. Answers where it stands.
 */
export function useVerifyGuestPayment() {
  return useSWRMutation(
    '/guest/verify_payment',
    async (path: string, { arg }: { arg: GuestVerifyRequest }) => {
      const { message, data } = await apiRequest<PaymentCheck | undefined>('POST', path, { body: { ...arg } satisfies GuestVerifyRequest });
      return { message, data: data && paymentFromWire(data) };
    },
    writeOptions,
  );
}
