import type { payerHoldBody } from '@contract/admin-operations';
import type { PayerHistoryRow } from '@contract/admin-wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { reloadList } from '../../kit/api/cursor-list';
import { payerHistoryKey } from './get-payer-history';
import { holdsKey } from './get-holds';

/** The request as the endpoint's schema takes it (functions/contract/admin-operations.ts). */
export type PayerHoldInput = v.InferInput<typeof payerHoldBody>;

/**
 * POST /admin/payers/hold: holds every undelivered order the number paid for in the range (a theft
 * report). The search's answer is replaced by the history after it, the review queue reloaded;
 * answers the server's message ("3 orders held") and how many were held.
 */
export function useHoldPayerOrders() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/payers/hold',
    async (path: string, { arg }: { arg: PayerHoldInput }) => {
      const { data, message } = await apiRequest<PayerHistoryRow>('POST', path, { body: { ...arg } });
      const { number, from, to } = arg;
      await Promise.all([
        mutate(payerHistoryKey({ number: String(number), from: String(from), to: String(to) }), data, { revalidate: false }),
        reloadList(mutate, holdsKey),
      ]);
      return { message, held: data.held };
    },
    writeOptions,
  );
}
