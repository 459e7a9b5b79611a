import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../shared/db';
import type { TransactionItem } from '../shared/transactions';
import type { PaymentReference } from './port';

/**
 * Items waiting for a gateway payment (wallet requests, gateway plan orders) carry these gsi2
 * attributes, so that the reconciler finds them oldest first without a scan; settling or
 * cancelling removes them (a sparse index). The owning areas' repos take the keys from their
 * services, which build them here.
 */
const pendingPaymentsPartition = 'PAYMENT#PENDING';

/** The pending-payment index keys of an item that waits for `reference`'s payment. */
export function pendingPaymentKeys(reference: PaymentReference, createdAt: string) {
  return { gsi2pk: pendingPaymentsPartition, gsi2sk: `${createdAt}#${reference.kind}#${reference.userId}#${reference.id}` };
}

/** The index keys a pending item carries, as `pendingPaymentKeys` makes them. */
export type PendingPaymentKeys = ReturnType<typeof pendingPaymentKeys>;

/** A payment still waiting, as the pending-payment index holds it. */
export interface WaitingPayment {
  reference: PaymentReference;
  invoiceId: string;
  createdAt: string;
}

/** Pending payments created before `before`, oldest first: Query gsi2 PAYMENT#PENDING, sk < before. */
export async function listWaitingPayments(before: string): Promise<WaitingPayment[]> {
  const waiting: WaitingPayment[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :before',
        ExpressionAttributeValues: { ':pk': pendingPaymentsPartition, ':before': before },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const [createdAt, kind, userId, id] = String(item.gsi2sk).split('#');
      if ((kind === 'wallet' || kind === 'order') && userId && id && typeof item.invoiceId === 'string') {
        waiting.push({ reference: { kind, userId, id }, invoiceId: item.invoiceId, createdAt: createdAt! });
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return waiting;
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
