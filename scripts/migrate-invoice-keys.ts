import { parseArgs } from 'node:util';
import { migrationTable } from './migrations/stage-table';

/**
 * `npx tsx scripts/migrate-invoice-keys.ts --stage <name> [--dry-run]`: moves the invoice items of
 * a deployed stage to the keys that name their gateway (scripts/migrations/invoice-keys.ts), with
 * the caller's AWS credentials, its table found in the Storefront-<name> stack's outputs. Without
 * `--stage`, TABLE_NAME (and AWS_ENDPOINT_URL_DYNAMODB for DynamoDB Local) name the table.
 * Run once, right after the deploy that brings gateway-named keys; running it again moves nothing.
 */
const { values } = parseArgs({ options: { stage: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } } });

try {
  const table = await migrationTable(values.stage);
  if (!table) throw new Error('Usage: npx tsx scripts/migrate-invoice-keys.ts --stage <name> [--dry-run] (or TABLE_NAME set)');
  Object.assign(process.env, { TABLE_NAME: table, POWERTOOLS_LOG_LEVEL: 'WARN' });
  // Imported once the table is known: the data layer reads TABLE_NAME when it loads.
  const { migrateInvoiceKeys } = await import('./migrations/invoice-keys');
  const outcome = await migrateInvoiceKeys({ dryRun: values['dry-run'] });
  console.log(
    `${table}: ${outcome.found} invoice items of the old form, ${outcome.moved} ${values['dry-run'] ? 'to move' : 'moved'}, ` +
      `${outcome.droppedHints} old hints dropped, ${outcome.conflicts.length} left for a person`,
  );
  for (const key of outcome.conflicts) console.log(`  booked under both keys, check it: ${key.pk} / ${key.sk}`);
  if (outcome.conflicts.length > 0) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
