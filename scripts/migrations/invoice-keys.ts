import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { gatewayOf } from '../../functions/gateway/port';
import { invoicePartition } from '../../functions/gateway/repo';
import { db, tableName } from '../../functions/shared/db';
import { TransactionCancelled, transact } from '../../functions/shared/transactions';

/**
 * The one-off move of issue 38 (docs/payments/gateway-port.md, "Migrating invoice keys"): before
 * payables named their gateway, everything kept about an invoice was under `INVOICE#<invoiceId>`
 * (the day book's PAYMENT and REFUND lines, an outage's HINT); now it is under
 * `INVOICE#<gateway>#<invoiceId>`, and every item of the old form was UddoktaPay's (or names its
 * gateway in its receipt). Each old item is copied to its new key and deleted in one transaction,
 * the copy conditioned on no item there yet, so a run can stop anywhere and run again.
 */
export interface InvoiceKeyMigration {
  /** Items of the old form found. */
  found: number;
  /** Moved to their new key (or, dry, that would be). */
  moved: number;
  /** Old hints whose invoice already has a hint under the new key: the old one is dropped, the new one answers. */
  droppedHints: number;
  /** Old day-book lines whose new key is taken already: left where they are, for a person (the invoice was booked twice). */
  conflicts: { pk: string; sk: string }[];
}

/** `INVOICE#<invoiceId>` with no gateway in it; undefined for a key of the new form or another partition. */
const oldInvoiceId = (pk: unknown) => (typeof pk === 'string' ? /^INVOICE#([^#]+)$/.exec(pk)?.[1] : undefined);

/** The gateway an old item names: its own field, its receipt's, else the only gateway there was. */
const gatewayNamedBy = (item: Record<string, unknown>) =>
  gatewayOf({ gateway: (item.gateway ?? (item.receipt as { gateway?: string } | undefined)?.gateway) as string | undefined });

/** Moves every item of the old invoice key form (Scan, filtered to `INVOICE#`); `dryRun` counts only. */
export async function migrateInvoiceKeys({ dryRun = false } = {}): Promise<InvoiceKeyMigration> {
  const outcome: InvoiceKeyMigration = { found: 0, moved: 0, droppedHints: 0, conflicts: [] };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: 'begins_with(pk, :invoice)',
        ExpressionAttributeValues: { ':invoice': 'INVOICE#' },
        ExclusiveStartKey: startKey,
        ConsistentRead: true,
      }),
    );
    startKey = page.LastEvaluatedKey;
    for (const item of page.Items ?? []) {
      const invoiceId = oldInvoiceId(item.pk);
      if (!invoiceId) continue;
      outcome.found += 1;
      if (dryRun) {
        outcome.moved += 1;
        continue;
      }
      const oldKey = { pk: String(item.pk), sk: String(item.sk) };
      const pk = invoicePartition({ gateway: gatewayNamedBy(item), invoiceId });
      const deleteOld = { Delete: { TableName: tableName, Key: oldKey, ConditionExpression: 'attribute_exists(pk)' } };
      try {
        await transact([
          { Put: { TableName: tableName, Item: { ...item, pk }, ConditionExpression: 'attribute_not_exists(pk)' } },
          deleteOld,
        ]);
        outcome.moved += 1;
      } catch (error) {
        if (!(error instanceof TransactionCancelled)) throw error;
        // Gone meanwhile (a reconciler dropped the hint, another run moved it): nothing left to move.
        if (error.failedAt(1)) continue;
        if (oldKey.sk !== 'HINT') {
          outcome.conflicts.push(oldKey);
          continue;
        }
        await transact([deleteOld]).catch((again: unknown) => {
          if (!(again instanceof TransactionCancelled)) throw again;
        });
        outcome.droppedHints += 1;
      }
    }
  } while (startKey);
  return outcome;
}
