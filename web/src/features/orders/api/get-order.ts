import type { OrderDetail } from '@contract/wire';
import useSWR from 'swr';

/** The SWR key of one order's page; a payment's return or cancel revalidates the lists, and this page re-reads on focus. */
export const orderKey = (id: string) => [`/user/order/${encodeURIComponent(id)}`, {}] as const;

/** POST /user/order/{id}: one of the signed-in user's orders with its timeline; another's or an unknown id is a 404. */
export function useOrder(id: string) {
  return useSWR<OrderDetail>(orderKey(id), { revalidateOnFocus: true });
}
