import type { settlePaymentBody } from '@contract/admin-operations';
import type { AdminSettledPayment } from '@contract/admin-wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { userKey } from '../../../../lib/auth';
import { paymentFromWire } from '../../../../lib/statuses';
import { reloadList } from '../../kit/api/cursor-list';
import { dashboardKey } from '../../dashboard/api/get-dashboard';
import { orderStatuses, ordersListKey } from '../../orders/api/get-orders';
import { isPaymentDaysKey } from './get-payment-days';
import { waitingPaymentsKey } from './get-waiting-payments';
import { topUpStatuses, walletRequestsListKey } from '../../wallet-requests/api/get-wallet-requests';

/** The request of POST /admin/payments/settle as its schema takes it (functions/contract/admin-operations.ts). */
export type SettlePaymentRequest = v.InferInput<typeof settlePaymentBody>;

const everyWalletRequestsList = topUpStatuses.map(walletRequestsListKey);
const everyOrdersList = orderStatuses.flatMap((status) => (['oldest', 'newest'] as const).map((sort) => ordersListKey({ status, sort })));

/**
 * POST /admin/payments/settle: settles the payment an invoice id from the gateway's panel names
 * (a top-up or an order; the server asks the gateway first). Revalidates the waiting list, the
 * daily reports, the top-ups and orders lists, the dashboard and the header's balance; answers
 * where the payment stands and the server's message.
 */
export function useSettlePayment() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/payments/settle',
    async (_key: string, { arg }: { arg: SettlePaymentRequest }) => {
      const { data, message } = await apiRequest<AdminSettledPayment>('POST', '/admin/payments/settle', { body: arg });
      await Promise.all([
        mutate(waitingPaymentsKey),
        mutate(isPaymentDaysKey),
        ...[...everyWalletRequestsList, ...everyOrdersList].map((base) => reloadList(mutate, base)),
        mutate(dashboardKey),
        mutate(userKey),
      ]);
      return { ...paymentFromWire(data), message };
    },
    writeOptions,
  );
}
