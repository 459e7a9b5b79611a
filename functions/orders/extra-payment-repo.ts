/**
 * A second payment for an order already paid (a payer who paid twice): recorded once per invoice
 * when the settle step meets it, beside the order in its shopper's partition, until a claim's rule
 * (or a person) credits it to the wallet, once.
 */
import { queryAll, tableName } from '../shared/db';
import { fromItem, toItem } from '../shared/items';
import type { GatewayReceipt } from '../shared/receipt';
import type { TransactionItem } from '../shared/transactions';

export interface ExtraPayment {
  userId: string;
  orderId: string;
  /** What the gateway says was paid, as it wrote it ("100.00"): a claim credits whole taka only. */
  amount: string;
  receipt: GatewayReceipt;
  state: 'unclaimed' | 'credited';
  /** The claim that credited it, and when. */
  claimId?: string;
  creditedAt?: string;
  createdAt: string;
}

const extraPaymentKey = (userId: string, orderId: string, invoiceId: string) => ({
  pk: `USER#${userId}`,
  sk: `EXTRAPAY#${orderId}#${invoiceId}`,
});

/** The record of a second payment, conditioned on none for its invoice (a replayed webhook records nothing more). */
export function extraPaymentItem(payment: Omit<ExtraPayment, 'state' | 'createdAt'>, now: string): TransactionItem {
  const record: ExtraPayment = { ...payment, state: 'unclaimed', createdAt: now };
  return {
    Put: {
      TableName: tableName,
      Item: toItem('ExtraPayment', extraPaymentKey(payment.userId, payment.orderId, payment.receipt.invoiceId), record, now),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** An order's second payments, credited or not: Query USER#id, begins_with EXTRAPAY#<orderId>#. */
export async function listExtraPayments(userId: string, orderId: string): Promise<ExtraPayment[]> {
  const items = await queryAll({ key: 'pk', value: `USER#${userId}`, sortPrefix: `EXTRAPAY#${orderId}#` });
  return items.map((item) => fromItem<ExtraPayment>(item));
}

/** Marks a second payment credited by `claimId`, on the condition it is not yet: two claims credit it once. */
export function creditedExtraPaymentItem(payment: ExtraPayment, claimId: string, now: string): TransactionItem {
  return {
    Update: {
      TableName: tableName,
      Key: extraPaymentKey(payment.userId, payment.orderId, payment.receipt.invoiceId),
      UpdateExpression: 'SET #state = :credited, claimId = :claim, creditedAt = :now, updatedAt = :now',
      ConditionExpression: '#state = :unclaimed',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':credited': 'credited', ':claim': claimId, ':now': now, ':unclaimed': 'unclaimed' },
    },
  };
}
