import type { AdminWaitingPayment } from '@contract/admin-wire';
import useSWR from 'swr';

/** GET /admin/payments/waiting; settling a payment revalidates it. */
export const waitingPaymentsKey = '/admin/payments/waiting';

/** Every gateway payment still waiting (top-ups and orders), oldest first: one list, no pages. */
export function useWaitingPayments() {
  return useSWR<AdminWaitingPayment[]>(waitingPaymentsKey);
}
