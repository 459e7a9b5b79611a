import type { PaymentChannelRow } from '@contract/wire';
import useSWR from 'swr';

/** A payment channel shown on the add-money page (bKash, Nagad, …). */
export type PaymentChannel = PaymentChannelRow;

/** GET /user/get_senders. */
export function usePaymentChannels() {
  return useSWR<PaymentChannel[]>('/user/get_senders');
}
