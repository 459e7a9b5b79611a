import { parseArgs } from 'node:util';
import { migrationTable } from './migrations/stage-table';

/**
 * `npx tsx scripts/migrate-customer-marks.ts --stage <name> [--dry-run]`: marks the persons of every
 * order placed before first-order codes existed (scripts/migrations/customer-marks.ts), with the
 * caller's AWS credentials, its table found in the Storefront-<name> stack's outputs. Without
 * `--stage`, TABLE_NAME (and AWS_ENDPOINT_URL_DYNAMODB for DynamoDB Local) name the table. Run once
 * after the deploy that brings the marks, before the first first-order code; running it again changes nothing.
 */
const { values } = parseArgs({ options: { stage: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } } });

try {
  const table = await migrationTable(values.stage);
  if (!table) throw new Error('Usage: npx tsx scripts/migrate-customer-marks.ts --stage <name> [--dry-run] (or TABLE_NAME set)');
  Object.assign(process.env, { TABLE_NAME: table, POWERTOOLS_LOG_LEVEL: 'WARN' });
  // Imported once the table is known: the data layer reads TABLE_NAME when it loads.
  const { backfillCustomerMarks } = await import('./migrations/customer-marks');
  const outcome = await backfillCustomerMarks({ dryRun: values['dry-run'] });
  console.log(`${table}: ${outcome.orders} orders, ${outcome.marked} customer marks ${values['dry-run'] ? 'to write' : 'written'}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
