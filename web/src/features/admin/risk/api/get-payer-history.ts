import type { PayerHistoryRow } from '@contract/admin-wire';
import useSWR from 'swr';

/** A payer search: the number as the gateway shows it, and a range of Dhaka days (YYYY-MM-DD, both included). */
export interface PayerQuery {
  number: string;
  from: string;
  to: string;
}

/** GET /admin/payers?number=&from=&to= ; none until a search is asked for. */
export const payerHistoryKey = (query: PayerQuery | null) =>
  query ? `/admin/payers?number=${encodeURIComponent(query.number)}&from=${query.from}&to=${query.to}` : null;

/** What one payer's number paid for in the range: gateway orders (each `holdable` or not) and wallet top-ups. */
export function usePayerHistory(query: PayerQuery | null) {
  return useSWR<PayerHistoryRow>(payerHistoryKey(query));
}
