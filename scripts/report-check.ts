import { parseArgs } from 'node:util';
import { isCalendarDay } from '../functions/contract/report-range';
import { tableTarget } from './local/table-target';

/**
 * `npm run report:check -- --from YYYY-MM-DD --to YYYY-MM-DD [--stage <name>] [--lookback <days>]`:
 * holds each Dhaka day's report (its aggregates) against the day's own records, the orders and code
 * sales, the wallet's ledger and the gateway's day book (scripts/reports/day-records.ts; the rules
 * in functions/reports/reconcile.ts), and prints a table per day. Exits 1 naming each figure that
 * differs, 0 when all match. Without `--stage`, the local stack's table (scripts/local/table-target.ts).
 */
const usage = 'Usage: npm run report:check -- --from YYYY-MM-DD --to YYYY-MM-DD [--stage <name>] [--lookback <days>]';
const { values } = parseArgs({
  options: { from: { type: 'string' }, to: { type: 'string' }, stage: { type: 'string' }, lookback: { type: 'string' } },
});
const { from, to } = values;
const lookback = values.lookback === undefined ? undefined : Number(values.lookback);
if (!from || !to || !isCalendarDay(from) || !isCalendarDay(to) || from > to || (lookback !== undefined && !(lookback >= 0))) {
  console.error(usage);
  process.exit(2);
}

try {
  const target = await tableTarget(values.stage);
  Object.assign(process.env, target.environment, { POWERTOOLS_LOG_LEVEL: 'WARN' });
  try {
    // Imported once the table is known: the data layer reads TABLE_NAME when it loads.
    const { checkReports } = await import('./reports/day-records');
    const { figureTable } = await import('../functions/reports/reconcile');
    const days = await checkReports(from, to, lookback);
    console.log(`Reports against records on ${target.describe}, ${from} to ${to}:`);
    for (const day of days) console.log(`\n${day.day}\n${figureTable(day)}`);
    const differences = days.flatMap((day) => day.differences);
    if (differences.length === 0) console.log('\nAll figures match.');
    else {
      console.log(`\n${differences.length} figures differ:`);
      for (const row of differences)
        console.log(
          `  ${row.day} ${row.figure}: report ${row.report}, records ${row.records} (${row.difference > 0 ? '+' : ''}${row.difference})`,
        );
      process.exitCode = 1;
    }
  } finally {
    await target.stop?.();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
