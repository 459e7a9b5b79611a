import { reportExportQuery } from '../../contract/admin-operations';
import { fileResponse } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { claimsCsv } from '../export-views';
import { claimsExport } from '../service/exports';

/** Every claim opened on a range of Dhaka days, a CSV row each: how and when it closed, and its order's refund. */
export const handler = adminRoute({ query: reportExportQuery }, async ({ query: { from, to } }) =>
  fileResponse(claimsCsv(await claimsExport(from, to)), 'text/csv; charset=utf-8', `claims-${from}-${to}.csv`),
);
