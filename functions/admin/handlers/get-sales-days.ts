import { fileResponse, success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { dayReportQuery } from '../../contract/admin-operations';
import { salesDays } from '../../reports/service';
import { salesDaysCsv, salesDaysView } from '../sales-days-views';

/** The sales report of a range of Dhaka days, from the day aggregates (one Query a day); `format=csv` for the day table. */
export const handler = adminRoute({ query: dayReportQuery }, async ({ query: { from, to, format } }) => {
  const report = salesDaysView(await salesDays(from, to));
  return format === 'csv' ? fileResponse(salesDaysCsv(report), 'text/csv; charset=utf-8', `sales-${from}-${to}.csv`) : success(report);
});
