import { fileResponse, success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { paymentDays } from '../service/payment-days';
import { paymentDaysCsv, paymentDaysView } from '../payment-days-views';
import { dayReportQuery } from '../../contract/admin-operations';

export const handler = adminRoute({ query: dayReportQuery }, async ({ query: { from, to, format, detail } }) => {
  const report = paymentDaysView(await paymentDays(from, to), { detail: format === 'json' && detail === '1' });
  return format === 'csv' ? fileResponse(paymentDaysCsv(report), 'text/csv; charset=utf-8', `payments-${from}-${to}.csv`) : success(report);
});
