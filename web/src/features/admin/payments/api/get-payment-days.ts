import type { AdminPaymentDays } from '@contract/admin-wire';
import useSWR from 'swr';
import { type ApiFile, apiFile } from '../../../../lib/api';

/** A range of Dhaka days, both included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/** GET /admin/payments/daily?from=&to= ; none while the range cannot be asked for. */
export const paymentDaysKey = (range: DayRange | null) => (range ? `/admin/payments/daily?from=${range.from}&to=${range.to}` : null);

/** Whether a cache key is a report (settling a payment changes today's). */
export const isPaymentDaysKey = (key: unknown) => typeof key === 'string' && key.startsWith('/admin/payments/daily?');

/** The gateway's money per Dhaka day and channel, and the range's totals: the daily reconciliation. */
export function usePaymentDays(range: DayRange | null) {
  return useSWR<AdminPaymentDays>(paymentDaysKey(range));
}

/** The same report as a CSV file (`&format=csv`), fetched with the operator's token. */
export const fetchPaymentDaysCsv = (range: DayRange): Promise<ApiFile> => apiFile(`${paymentDaysKey(range)}&format=csv`);
