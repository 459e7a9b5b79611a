import { reportExportQuery } from '../../contract/admin-operations';
import { fileResponse } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { ordersCsv } from '../export-views';
import { ordersExport } from '../service/exports';

/** Every order placed on a range of Dhaka days, a CSV row each, its player ID and codes masked. */
export const handler = adminRoute({ query: reportExportQuery }, async ({ query: { from, to } }) =>
  fileResponse(ordersCsv(await ordersExport(from, to)), 'text/csv; charset=utf-8', `orders-${from}-${to}.csv`),
);
