import type { AdminSalesReport } from '@contract/admin-wire';
import useSWR from 'swr';
import { type ApiFile, apiFile } from '../../../../lib/api';

/** A range of Dhaka days, both included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/** GET /admin/reports/sales?from=&to= ; none while the range cannot be asked for. */
export const salesReportKey = (range: DayRange | null) => (range ? `/admin/reports/sales?from=${range.from}&to=${range.to}` : null);

/** The range's sales: each day's totals (the trend) and the rankings, with the claims' figures. */
export function useSalesReport(range: DayRange | null) {
  return useSWR<AdminSalesReport>(salesReportKey(range), { keepPreviousData: true });
}

/** The CSV files of the Reports page, each honouring the range. */
export type ReportFile = 'days' | 'promotions' | 'orders' | 'claims';

const filePaths: Record<ReportFile, (range: DayRange) => string> = {
  days: (range) => `${salesReportKey(range)}&format=csv&table=days`,
  promotions: (range) => `${salesReportKey(range)}&format=csv&table=promotions`,
  orders: (range) => `/admin/reports/orders?from=${range.from}&to=${range.to}`,
  claims: (range) => `/admin/reports/claims?from=${range.from}&to=${range.to}`,
};

/** One of the report's CSV files over the range, fetched with the operator's token. */
export const fetchReportCsv = (file: ReportFile, range: DayRange): Promise<ApiFile> => apiFile(filePaths[file](range));
