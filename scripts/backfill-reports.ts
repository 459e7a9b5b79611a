import { parseArgs } from 'node:util';
import { isCalendarDay } from '../functions/contract/report-range';
import { tableTarget } from './local/table-target';

/**
 * `npx tsx scripts/backfill-reports.ts --from YYYY-MM-DD --to YYYY-MM-DD [--stage <name>] [--dry-run]`:
 * builds the reports' aggregates of the days before report events existed from their orders, code
 * sales and refunds (scripts/reports/backfill.ts), exactly as the live path would have. Refuses a
 * range that reaches the first day of live report events; running it again adds nothing. Without
 * `--stage`, the local stack's table (scripts/local/table-target.ts).
 */
const usage = 'Usage: npx tsx scripts/backfill-reports.ts --from YYYY-MM-DD --to YYYY-MM-DD [--stage <name>] [--dry-run]';
const { values } = parseArgs({
  options: { from: { type: 'string' }, to: { type: 'string' }, stage: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
});
const { from, to } = values;
if (!from || !to || !isCalendarDay(from) || !isCalendarDay(to) || from > to) {
  console.error(usage);
  process.exit(2);
}

try {
  const target = await tableTarget(values.stage);
  Object.assign(process.env, target.environment, { POWERTOOLS_LOG_LEVEL: 'WARN' });
  try {
    // Imported once the table is known: the data layer reads TABLE_NAME when it loads.
    const { backfillReports } = await import('./reports/backfill');
    const dryRun = values['dry-run'];
    const outcome = await backfillReports({ from, to, dryRun });
    console.log(
      `${target.describe}, ${from} to ${to} (live since ${outcome.liveSince}): ${outcome.orders} orders, ` +
        `${outcome.sales} sales and ${outcome.refunds} refunds ${dryRun ? 'to write' : 'written and applied'}, ` +
        `${outcome.already} written by an earlier run, ${outcome.live} left to the live events.`,
    );
  } finally {
    await target.stop?.();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
