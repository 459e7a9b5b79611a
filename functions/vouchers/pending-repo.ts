/** The guests' code orders waiting for their gateway payment: `USER#<guest id>` / `PVORDER#<order id>`. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../shared/db';
import { type ItemKeys, fromItem, toItem } from '../shared/items';
import type { GatewayReceipt } from '../shared/receipt';
import type { TransactionItem } from '../shared/transactions';
import type { CodeOrderPaymentStatus, PendingCodeOrder } from './pending-codes';
import type { CodeCandidate } from './repo';

/** A pending code order's key, for batch reads. */
export const pendingCodeOrderKey = (userId: string, orderId: string) => ({ pk: `USER#${userId}`, sk: `PVORDER#${orderId}` });

/** Reads a pending code order item. */
export const pendingCodeOrderFromItem = (item: Record<string, unknown>) => fromItem<PendingCodeOrder>(item);

/** A code order waiting for its payment, with the pending-payment index keys its service gives; conditioned on being new. */
export function newPendingCodeOrderItem(pending: PendingCodeOrder, pendingIndex: Pick<ItemKeys, 'gsi2pk' | 'gsi2sk'>): TransactionItem {
  return {
    Put: {
      TableName: tableName,
      Item: toItem(
        'PendingCodeOrder',
        { ...pendingCodeOrderKey(pending.order.userId, pending.order.orderId), ...pendingIndex },
        pending,
        pending.createdAt,
      ),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * Closes a pending code order, once (the condition: its payment status is still the one read):
 * paid (completed, with the codes it was placed with when they were taken again; or credited) with
 * the gateway's receipt, or cancelled for a reason.
 */
export function closePendingCodeOrderItem(
  pending: PendingCodeOrder,
  outcome:
    | { paymentStatus: 'completed'; receipt: GatewayReceipt; reserved?: CodeCandidate[]; codes?: string[] }
    | { paymentStatus: 'credited'; receipt: GatewayReceipt }
    | { paymentStatus: 'cancelled'; cancelReason: string; invoiceId?: string },
  now: string,
): TransactionItem {
  const paid = outcome.paymentStatus !== 'cancelled';
  const invoiceId = paid ? outcome.receipt.invoiceId : (outcome.invoiceId ?? pending.invoiceId);
  const retaken = outcome.paymentStatus === 'completed' && outcome.reserved && outcome.codes ? outcome : undefined;
  const set = [
    'paymentStatus = :to',
    'settledAt = :now',
    'updatedAt = :now',
    ...(invoiceId ? ['invoiceId = :invoice'] : []),
    ...(paid ? ['receipt = :receipt'] : ['cancelReason = :reason']),
    ...(retaken ? ['reserved = :reserved', '#order.codes = :codes'] : []),
  ];
  return {
    Update: {
      TableName: tableName,
      Key: pendingCodeOrderKey(pending.order.userId, pending.order.orderId),
      UpdateExpression: `SET ${set.join(', ')} REMOVE gsi2pk, gsi2sk`,
      ConditionExpression: 'paymentStatus = :from',
      ...(retaken ? { ExpressionAttributeNames: { '#order': 'order' } } : {}),
      ExpressionAttributeValues: {
        ':to': outcome.paymentStatus satisfies CodeOrderPaymentStatus,
        ':now': now,
        ':from': pending.paymentStatus,
        ...(invoiceId ? { ':invoice': invoiceId } : {}),
        ...(paid ? { ':receipt': outcome.receipt } : { ':reason': outcome.cancelReason }),
        ...(retaken ? { ':reserved': retaken.reserved, ':codes': retaken.codes } : {}),
      },
    },
  };
}

/** A pending code order, strongly consistent: GetItem USER#userId / PVORDER#orderId. */
export async function getPendingCodeOrder(userId: string, orderId: string): Promise<PendingCodeOrder | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: pendingCodeOrderKey(userId, orderId), ConsistentRead: true }));
  return Item && pendingCodeOrderFromItem(Item);
}
