import useSWR from 'swr';

/** A payment channel shown on the add-money page (bKash, Nagad, …). */
export interface PaymentChannel {
  id: string;
  name: string;
  logo: string;
  number: string;
}

/** GET /user/get_senders. */
export function usePaymentChannels() {
  return useSWR<PaymentChannel[]>('/user/get_senders');
}
