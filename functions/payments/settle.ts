import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type PendingOrder, closePendingOrderItem, newOrderItem, pendingOrderFromItem, pendingOrderKey } from '../orders/repo';
import { batchGet, db, tableName } from '../shared/db';
import { NotFound } from '../shared/errors';
import { logger } from '../shared/logger';
import { retrying } from '../shared/retry';
import { TransactionCancelled, transact } from '../shared/transactions';
import { changeBalance } from '../wallet/money';
import { type WalletRequest, balanceChangeItems, closeWalletRequestItem, walletFromItem, walletKey, walletRequestFromItem, walletRequestKey } from '../wallet/repo';
import { GatewayError, type PaymentReference, type VerifiedPayment } from './gateway';
import { pendingPaymentsPartition } from './pending-index';
import { uddoktaPay } from './uddoktapay';

/** Where a payment stands for us: "0" waiting, "1" paid (credited or ordered), "2" cancelled. */
export interface SettleResult {
  kind: PaymentReference['kind'];
  id: string;
  status: '0' | '1' | '2';
}

/** Why a pending payment was given up on; one paid after that is still honoured. */
export const expiredReason = 'expired';

/** A payment we will not act on: logged (ids and reason only) for a person to review. */
function review(reason: string, payment: VerifiedPayment, reference?: PaymentReference) {
  logger.warn('payment needs review', { reason, invoiceId: payment.invoiceId, gatewayStatus: payment.status, amount: payment.amount, reference });
}

const lostRace = (error: unknown) => error instanceof TransactionCancelled;

const requestResult = (request: WalletRequest): SettleResult => ({ kind: 'wallet', id: request.requestId, status: request.status });

/** A wallet top-up: credited once, in one transaction with its ledger entry, whichever path comes first. */
function settleWalletRequest(reference: PaymentReference, payment: VerifiedPayment): Promise<SettleResult> {
  return retrying(async () => {
    const [requestItem, walletItem] = await batchGet([walletRequestKey(reference.userId, reference.id), walletKey(reference.userId)]);
    if (!requestItem) {
      review('no such wallet request', payment, reference);
      return { kind: 'wallet', id: reference.id, status: '2' };
    }
    const request = walletRequestFromItem(requestItem);
    if (request.status === '1') return requestResult(request);
    if (request.invoiceId && request.invoiceId !== payment.invoiceId) {
      review('invoice is not the one of the request', payment, reference);
      return requestResult(request);
    }
    const now = new Date().toISOString();
    if (payment.status === 'PENDING') return requestResult(request);
    if (payment.status === 'ERROR') {
      if (request.status === '0') await transact([closeWalletRequestItem(request, { status: '2', cancelReason: 'Payment failed' }, now)]);
      return { ...requestResult(request), status: '2' };
    }
    if (payment.amount !== request.amount) {
      review('amount differs from the request', payment, reference);
      return requestResult(request);
    }
    if (request.status === '2' && request.cancelReason !== expiredReason) {
      review('paid after the request was refused', payment, reference);
      return requestResult(request);
    }
    const change = changeBalance(walletFromItem(walletItem), request.amount, 'topup', request.requestId);
    const outcome = { status: '1' as const, invoiceId: payment.invoiceId, paymentMethod: payment.paymentMethod, senderNumber: payment.senderNumber, transactionId: payment.transactionId };
    await transact([closeWalletRequestItem(request, outcome, now), ...balanceChangeItems(reference.userId, change, now)]);
    logger.info('wallet top-up credited', { requestId: request.requestId, invoiceId: payment.invoiceId, amount: request.amount });
    return { ...requestResult(request), status: '1' };
  }, lostRace);
}

const orderResult = (pending: PendingOrder): SettleResult => ({
  kind: 'order',
  id: pending.order.orderId,
  status: pending.paymentStatus === 'paid' ? '1' : pending.paymentStatus === 'cancelled' ? '2' : '0',
});

/** A gateway plan order: becomes an order for fulfilment once, whichever path comes first. */
function settleGatewayOrder(reference: PaymentReference, payment: VerifiedPayment): Promise<SettleResult> {
  return retrying(async () => {
    const [pendingItem] = await batchGet([pendingOrderKey(reference.userId, reference.id)]);
    if (!pendingItem) {
      review('no such pending order', payment, reference);
      return { kind: 'order', id: reference.id, status: '2' };
    }
    const pending = pendingOrderFromItem(pendingItem);
    if (pending.paymentStatus === 'paid') return orderResult(pending);
    if (pending.invoiceId !== payment.invoiceId) {
      review('invoice is not the one of the order', payment, reference);
      return orderResult(pending);
    }
    const now = new Date().toISOString();
    if (payment.status === 'PENDING') return orderResult(pending);
    if (payment.status === 'ERROR') {
      if (pending.paymentStatus === 'awaiting') await transact([closePendingOrderItem(pending, { paymentStatus: 'cancelled', cancelReason: 'Payment failed' }, now)]);
      return { ...orderResult(pending), status: '2' };
    }
    if (payment.amount !== pending.order.price) {
      review('amount differs from the order', payment, reference);
      return orderResult(pending);
    }
    if (pending.paymentStatus === 'cancelled' && pending.cancelReason !== expiredReason) {
      review('paid after the order was refused', payment, reference);
      return orderResult(pending);
    }
    await transact([closePendingOrderItem(pending, { paymentStatus: 'paid' }, now), newOrderItem({ ...pending.order, invoiceId: payment.invoiceId })]);
    logger.info('gateway order paid', { orderId: pending.order.orderId, invoiceId: payment.invoiceId, amount: pending.order.price });
    return { ...orderResult(pending), status: '1' };
  }, lostRace);
}

/**
 * The one settle step, reached by the return path, the webhook and the reconciler. It trusts only
 * what the gateway answers to verify-payment for the invoice: a COMPLETED payment whose amount
 * and metadata match a pending request or order pays it, at most once. With `payerId`, an
 * invoice of another user is reported as not found.
 */
export async function settleInvoice(invoiceId: string, payerId?: string): Promise<SettleResult | undefined> {
  let payment: VerifiedPayment;
  try {
    payment = await uddoktaPay.verify(invoiceId);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    logger.warn('invoice not verified', { invoiceId, reason: error.message });
    if (payerId) throw new NotFound('Payment not found');
    return undefined;
  }
  const reference = payment.reference;
  if (!reference) {
    review('no reference of ours in the metadata', payment);
    if (payerId) throw new NotFound('Payment not found');
    return undefined;
  }
  if (payerId && reference.userId !== payerId) throw new NotFound('Payment not found');
  return reference.kind === 'wallet' ? settleWalletRequest(reference, payment) : settleGatewayOrder(reference, payment);
}

/** A payment still waiting, as the reconciler finds it in the pending-payment index. */
interface WaitingPayment {
  reference: PaymentReference;
  invoiceId: string;
  createdAt: string;
}

/** Pending payments created before `before`, oldest first: Query gsi2 PAYMENT#PENDING, sk < before. */
async function waitingPayments(before: string): Promise<WaitingPayment[]> {
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

/** Gives up on a payment that never came: the request or order is cancelled as expired, once. */
async function expire(reference: PaymentReference): Promise<void> {
  const now = new Date().toISOString();
  const key = reference.kind === 'wallet' ? walletRequestKey(reference.userId, reference.id) : pendingOrderKey(reference.userId, reference.id);
  const [item] = await batchGet([key]);
  if (!item) return;
  try {
    if (reference.kind === 'wallet') {
      const request = walletRequestFromItem(item);
      if (request.status === '0') await transact([closeWalletRequestItem(request, { status: '2', cancelReason: expiredReason }, now)]);
    } else {
      const pending = pendingOrderFromItem(item);
      if (pending.paymentStatus === 'awaiting') await transact([closePendingOrderItem(pending, { paymentStatus: 'cancelled', cancelReason: expiredReason }, now)]);
    }
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
  }
}

export interface ReconcileOptions {
  /** Leave payments younger than this to the payer and the webhook. */
  minAgeSeconds: number;
  /** Cancel payments still not made after this long. */
  expireAfterSeconds: number;
  now?: number;
}

/**
 * The scheduled safety net: re-verifies every payment still pending after a few minutes (the
 * payer closed the tab, the callback was lost), settles the completed ones through the same
 * step, and cancels the long-dead ones.
 */
export async function reconcilePayments(options: ReconcileOptions): Promise<{ checked: number; paid: number; cancelled: number }> {
  const now = options.now ?? Date.now();
  const waiting = await waitingPayments(new Date(now - options.minAgeSeconds * 1000).toISOString());
  let paid = 0;
  let cancelled = 0;
  for (const payment of waiting) {
    const result = await settleInvoice(payment.invoiceId);
    if (result?.status === '1') paid += 1;
    else if (result?.status === '2') cancelled += 1;
    else if (Date.parse(payment.createdAt) < now - options.expireAfterSeconds * 1000) {
      await expire(payment.reference);
      cancelled += 1;
    }
  }
  return { checked: waiting.length, paid, cancelled };
}
