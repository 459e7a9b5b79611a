import { dhakaDay } from '../shared/days';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, tableName } from '../shared/db';
import { fromItem, toItem } from '../shared/items';
import type { GatewayReceipt } from '../shared/receipt';
import type { TransactionItem } from '../shared/transactions';
import { type Invoice, type PaymentReference, gatewayOf, isPaymentKind } from './port';

/**
 * Items waiting for a gateway payment (wallet requests, gateway plan orders) carry these gsi2
 * attributes, so that the reconciler and the operators find them oldest first without a scan;
 * settling or cancelling removes them (a sparse index). The owning areas' repos take the keys
 * from their services, which build them here. This area also owns two attributes of such an
 * item: `invoiceId`, recorded the first time a return, webhook or operator names the invoice
 * (the checkout itself does not tell it), and `checkedAt`, when the reconciler last asked. The
 * item names the gateway it was opened at in its own `gateway` (absent: `gatewayOf`'s first one).
 */
const pendingPaymentsPartition = 'PAYMENT#PENDING';

/** The pending-payment index keys of an item that waits for `reference`'s payment. */
export function pendingPaymentKeys(reference: PaymentReference, createdAt: string) {
  return { gsi2pk: pendingPaymentsPartition, gsi2sk: `${createdAt}#${reference.kind}#${reference.userId}#${reference.id}` };
}

/** The index keys a pending item carries, as `pendingPaymentKeys` makes them. */
export type PendingPaymentKeys = ReturnType<typeof pendingPaymentKeys>;

/** A table key. */
export type ItemKey = { pk: string; sk: string };

/** A payment still waiting, as the pending-payment index holds it. */
export interface WaitingPayment {
  reference: PaymentReference;
  /** The gateway it was opened at. */
  gateway: string;
  /** The item that waits, for the writes this area makes on it. */
  key: ItemKey;
  /** Unknown until the payer returns, the webhook comes or an operator names it. */
  invoiceId?: string;
  createdAt: string;
  checkedAt?: string;
}

/** Pending payments created before `before`, oldest first: Query gsi2 PAYMENT#PENDING, sk < before (keys, gateway, invoice and last check only). */
export async function listWaitingPayments(before: string): Promise<WaitingPayment[]> {
  const items = await queryAll({ index: 'gsi2', key: 'gsi2pk', value: pendingPaymentsPartition, sortKey: 'gsi2sk', sortBelow: before }, [
    'pk',
    'sk',
    'gsi2sk',
    'gateway',
    'invoiceId',
    'checkedAt',
  ]);
  return items.flatMap((item) => {
    const [createdAt, kind, userId, id] = String(item.gsi2sk).split('#');
    if (!isPaymentKind(kind) || !userId || !id) return [];
    return [
      {
        reference: { kind, userId, id },
        gateway: gatewayOf(item as { gateway?: string }),
        key: { pk: String(item.pk), sk: String(item.sk) },
        invoiceId: typeof item.invoiceId === 'string' && item.invoiceId ? item.invoiceId : undefined,
        createdAt: createdAt!,
        checkedAt: typeof item.checkedAt === 'string' ? item.checkedAt : undefined,
      },
    ];
  });
}

/** Records the invoice of a waiting item the first time it is seen; never overwrites one (the condition). */
export function recordInvoiceItem(key: ItemKey, invoiceId: string): TransactionItem {
  return {
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: 'SET invoiceId = :invoice',
      ConditionExpression: 'attribute_exists(gsi2pk) AND attribute_not_exists(invoiceId)',
      ExpressionAttributeValues: { ':invoice': invoiceId },
    },
  };
}

/** Notes when the reconciler last asked the gateway about a waiting item (its back-off counts from it). */
export function markCheckedItem(key: ItemKey, now: string): TransactionItem {
  return {
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: 'SET checkedAt = :now',
      ConditionExpression: 'attribute_exists(gsi2pk)',
      ExpressionAttributeValues: { ':now': now },
    },
  };
}

/**
 * The partition of everything kept about one invoice of one gateway (its day-book lines, its
 * hint): invoice ids are each gateway's own, so two gateways' ids never meet.
 */
export const invoicePartition = (invoice: Invoice) => `INVOICE#${invoice.gateway}#${invoice.invoiceId}`;

/**
 * An invoice id named while the gateway could not be asked about it (a webhook or a payer's return
 * during a verify outage), kept so that it is not lost: UddoktaPay documents no retry of its
 * webhook. It credits nothing by itself; the reconciler verifies it later, with back-off, through
 * the one settle step. One per invoice (pk INVOICE#<gateway>#<id>, sk HINT), in the sparse gsi2
 * partition PAYMENT#HINT, kept at most a week (TTL).
 */
export interface InvoiceHint extends Invoice {
  /** Who named it: the gateway's webhook, or a payer's return. */
  source: 'webhook' | 'return';
  createdAt: string;
  checkedAt?: string;
}

const hintsPartition = 'PAYMENT#HINT';
const hintKey = (invoice: Invoice) => ({ pk: invoicePartition(invoice), sk: 'HINT' });
const hintKeptDays = 7;

/** Keeps an invoice id named during an outage, once (a second naming adds nothing): PutItem INVOICE#<gateway>#<id> / HINT. */
export async function keepInvoiceHint(invoice: Invoice, source: InvoiceHint['source'], now: string): Promise<void> {
  const hint: InvoiceHint = { gateway: invoice.gateway, invoiceId: invoice.invoiceId, source, createdAt: now };
  try {
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...toItem('InvoiceHint', { ...hintKey(invoice), gsi2pk: hintsPartition, gsi2sk: `${now}#${invoice.invoiceId}` }, hint, now),
          expiresAt: Math.floor(Date.parse(now) / 1000) + hintKeptDays * 86_400,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/** The invoice ids kept during outages, oldest first: Query gsi2 PAYMENT#HINT. */
export async function listInvoiceHints(): Promise<InvoiceHint[]> {
  return (await queryAll({ index: 'gsi2', key: 'gsi2pk', value: hintsPartition })).map((item) => {
    const hint = fromItem<InvoiceHint>(item);
    return { ...hint, gateway: gatewayOf(hint) };
  });
}

/** Notes when the reconciler last asked about a kept invoice id (its back-off counts from it). */
export function markHintCheckedItem(invoice: Invoice, now: string): TransactionItem {
  return {
    Update: {
      TableName: tableName,
      Key: hintKey(invoice),
      UpdateExpression: 'SET checkedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now },
    },
  };
}

/** Forgets a kept invoice id once the gateway answered about it (or it was kept too long). */
export function dropHintItem(invoice: Invoice): TransactionItem {
  return { Delete: { TableName: tableName, Key: hintKey(invoice) } };
}

/** How many gateway payments one user may have waiting at once. */
export const maxOpenCheckouts = 5;

const openCheckoutsKey = (userId: string) => ({ pk: `USER#${userId}`, sk: '#CHECKOUTS' });

/**
 * One more payment waiting for the user, in the transaction that records it, refused (the
 * condition fails) when `maxOpenCheckouts` already wait: one account cannot keep the gateway and
 * the reconciler busy with hundreds of open checkouts. Only this user's own checkouts write it.
 */
export function openCheckoutItem(userId: string): TransactionItem {
  return {
    Update: {
      TableName: tableName,
      Key: openCheckoutsKey(userId),
      UpdateExpression: 'SET entity = :entity ADD #open :one',
      ConditionExpression: 'attribute_not_exists(#open) OR #open < :max',
      ExpressionAttributeNames: { '#open': 'open' },
      ExpressionAttributeValues: { ':one': 1, ':max': maxOpenCheckouts, ':entity': 'OpenCheckouts' },
    },
  };
}

/** One payment fewer waiting, in the transaction that settles, cancels or expires it. */
export function closeCheckoutItem(userId: string): TransactionItem {
  return {
    Update: {
      TableName: tableName,
      Key: openCheckoutsKey(userId),
      UpdateExpression: 'ADD #open :minus',
      ExpressionAttributeNames: { '#open': 'open' },
      ExpressionAttributeValues: { ':minus': -1 },
    },
  };
}

/**
 * The gateway's day book: one line per payment settled (credited, ordered) and per refund sent
 * back through the gateway, in the Dhaka day it happened, for the operators' daily reconciliation.
 * A payment's line is keyed by its gateway's invoice, so one invoice pays for one thing, once, ever.
 */
export interface GatewayBookLine {
  kind: 'payment' | 'refund';
  /** When we settled the payment or closed the refund. */
  at: string;
  /** When the gateway says the payment was made (its own clock), which dates the line: its statement's day is the report's. */
  paidAt?: string;
  /** What it paid for or refunds: a top-up request or an order. */
  reference: PaymentReference;
  /** Whole taka: paid to us, or sent back. */
  amount: number;
  /** The payment's receipt, which names its gateway (`gatewayOf`). */
  receipt: GatewayReceipt;
}

const bookEntities = { payment: { entity: 'GatewayPayment', sk: 'PAYMENT' }, refund: { entity: 'GatewayRefund', sk: 'REFUND' } } as const;

/**
 * A line of the book, in the transaction that settles the payment or closes the refund, in the
 * Dhaka day of the gateway's own time of the payment where it gave one (a payment made at 23:59
 * and settled after midnight is the gateway's day before, as on its statement), else of ours: its
 * condition (no line of its kind for this invoice yet) makes a second settle of the same invoice,
 * for anything, or a second refund of it, fail.
 */
export function bookLineItem(line: GatewayBookLine): TransactionItem {
  const { entity, sk } = bookEntities[line.kind];
  const dated = line.paidAt ?? line.at;
  const keys = {
    pk: invoicePartition({ gateway: gatewayOf(line.receipt), invoiceId: line.receipt.invoiceId }),
    sk,
    gsi3pk: `GATEWAYDAY#${dhakaDay(Date.parse(dated))}`,
    gsi3sk: `${dated}#${line.kind}#${line.receipt.invoiceId}`,
  };
  return { Put: { TableName: tableName, Item: toItem(entity, keys, line, line.at), ConditionExpression: 'attribute_not_exists(pk)' } };
}

/** A Dhaka day's book lines, in time order: Query gsi3 GATEWAYDAY#<day>, page after page. */
export async function listBookDay(day: string): Promise<GatewayBookLine[]> {
  return (await queryAll({ index: 'gsi3', key: 'gsi3pk', value: `GATEWAYDAY#${day}` })).map((item) => fromItem<GatewayBookLine>(item));
}
