import { randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { bookLineItem, dropHintItem, listBookDay, listInvoiceHints } from '../../../functions/gateway/repo';
import { dhakaDay } from '../../../functions/shared/days';
import { db, tableName } from '../../../functions/shared/db';
import { TransactionCancelled, transact } from '../../../functions/shared/transactions';
import { migrateInvoiceKeys } from '../../../scripts/migrations/invoice-keys';
import { storedItem } from '../../support/money';

const newInvoiceId = () => `MIG${randomBytes(8).toString('hex').toUpperCase()}`;
const now = new Date().toISOString();
const written: { pk: string; sk: string }[] = [];

/** Writes an item as the shop did before invoice keys named their gateway. */
async function putOld(item: Record<string, unknown>) {
  await db.send(new PutCommand({ TableName: tableName, Item: item }));
  written.push({ pk: String(item.pk), sk: String(item.sk) });
}

/** A day-book line of a settled payment, under the old key, its receipt naming no gateway (as they all were) or `gateway`. */
function oldPaymentLine(invoiceId: string, gateway?: string) {
  const line = {
    kind: 'payment' as const,
    at: now,
    paidAt: now,
    reference: { kind: 'wallet' as const, userId: 'U-migration', id: `rq-${invoiceId}` },
    amount: 300,
    receipt: {
      ...(gateway ? { gateway } : {}),
      invoiceId,
      paymentMethod: 'bkash',
      senderNumber: '01700000000',
      transactionId: `TX${invoiceId}`,
      fee: '0.00',
      chargedAmount: '300.00',
    },
  };
  const item = (bookLineItem(line).Put!.Item as Record<string, unknown>) ?? {};
  return { line, item: { ...item, pk: `INVOICE#${invoiceId}` } };
}

/** An outage's hint under the old key, checked just now (so the stack's scheduled reconciler leaves it alone meanwhile). */
const oldHint = (invoiceId: string) => ({
  pk: `INVOICE#${invoiceId}`,
  sk: 'HINT',
  gsi2pk: 'PAYMENT#HINT',
  gsi2sk: `${now}#${invoiceId}`,
  entity: 'InvoiceHint',
  invoiceId,
  source: 'webhook',
  createdAt: now,
  checkedAt: now,
  updatedAt: now,
});

afterAll(async () => {
  for (const key of written) {
    await db.send(new DeleteCommand({ TableName: tableName, Key: key }));
    await db.send(new DeleteCommand({ TableName: tableName, Key: { ...key, pk: key.pk.replace('INVOICE#', 'INVOICE#uddoktapay#') } }));
  }
});

describe('moving invoice items to keys that name their gateway', () => {
  it('moves day-book lines and hints once, keeps what they say, and restores the once-per-invoice guard under the new key', async () => {
    const paid = newInvoiceId();
    const named = newInvoiceId();
    const hinted = newInvoiceId();
    const twiceHinted = newInvoiceId();
    const { line, item: lineItem } = oldPaymentLine(paid);
    await putOld(lineItem);
    await putOld(oldPaymentLine(named, 'othergateway').item);
    written.push({ pk: `INVOICE#othergateway#${named}`, sk: 'PAYMENT' });
    await putOld(oldHint(hinted));
    await putOld(oldHint(twiceHinted));
    await putOld({ ...oldHint(twiceHinted), pk: `INVOICE#uddoktapay#${twiceHinted}`, gateway: 'uddoktapay' });

    expect((await migrateInvoiceKeys({ dryRun: true })).moved).toBeGreaterThanOrEqual(4);
    expect(await storedItem(`INVOICE#${paid}`, 'PAYMENT')).toBeDefined();

    const outcome = await migrateInvoiceKeys();
    expect(outcome.moved).toBeGreaterThanOrEqual(3);
    expect(outcome.droppedHints).toBeGreaterThanOrEqual(1);
    expect(outcome.conflicts).toEqual([]);

    for (const [pk, sk] of [
      [`INVOICE#${paid}`, 'PAYMENT'],
      [`INVOICE#${named}`, 'PAYMENT'],
      [`INVOICE#${hinted}`, 'HINT'],
      [`INVOICE#${twiceHinted}`, 'HINT'],
    ] as const)
      expect(await storedItem(pk, sk), pk).toBeUndefined();
    expect(await storedItem(`INVOICE#uddoktapay#${paid}`, 'PAYMENT')).toEqual({ ...lineItem, pk: `INVOICE#uddoktapay#${paid}` });
    expect(await storedItem(`INVOICE#othergateway#${named}`, 'PAYMENT')).toMatchObject({ receipt: { gateway: 'othergateway' } });

    // The day's book still shows the line once; a second settle of the same invoice is refused, as before the move.
    const day = (await listBookDay(dhakaDay(Date.parse(now)))).filter((booked) => booked.receipt.invoiceId === paid);
    expect(day).toHaveLength(1);
    await expect(transact([bookLineItem(line)])).rejects.toBeInstanceOf(TransactionCancelled);

    // The reconciler finds the moved hint under its gateway, and its drop reaches it.
    const hint = (await listInvoiceHints()).find((kept) => kept.invoiceId === hinted);
    expect(hint).toMatchObject({ gateway: 'uddoktapay', invoiceId: hinted, source: 'webhook' });
    await transact([dropHintItem(hint!)]);
    expect(await storedItem(`INVOICE#uddoktapay#${hinted}`, 'HINT')).toBeUndefined();

    // A second run finds nothing of the old form that it wrote.
    const again = await migrateInvoiceKeys();
    expect(again).toMatchObject({ moved: 0, droppedHints: 0, conflicts: [] });
  });

  it('leaves an invoice booked under both keys where it is, for a person', async () => {
    const invoiceId = newInvoiceId();
    const { item } = oldPaymentLine(invoiceId);
    await putOld(item);
    await putOld({ ...item, pk: `INVOICE#uddoktapay#${invoiceId}` });
    const outcome = await migrateInvoiceKeys();
    expect(outcome.conflicts).toContainEqual({ pk: `INVOICE#${invoiceId}`, sk: 'PAYMENT' });
    expect(await storedItem(`INVOICE#${invoiceId}`, 'PAYMENT')).toBeDefined();
    await db.send(new DeleteCommand({ TableName: tableName, Key: { pk: `INVOICE#${invoiceId}`, sk: 'PAYMENT' } }));
  });
});
