import { fileResponse, success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { salesReportQuery } from '../../contract/admin-operations';
import { salesReport } from '../../reports/service';
import { salesDaysCsv, salesPromotionsCsv, salesReportView } from '../sales-report-views';

/** The sales report of a range of Dhaka days, from the aggregates (one Query); `format=csv` for the day table or the promotions'. */
export const handler = adminRoute({ query: salesReportQuery }, async ({ query: { from, to, format, table } }) => {
  const report = await salesReport(from, to);
  if (format !== 'csv') return success(salesReportView({ from, to }, report));
  const csv = table === 'promotions' ? salesPromotionsCsv(report) : salesDaysCsv(report);
  return fileResponse(csv, 'text/csv; charset=utf-8', `${table === 'promotions' ? 'promotions' : 'sales'}-${from}-${to}.csv`);
});
