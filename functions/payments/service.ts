import { GatewayError, type PaymentReference, type PaymentState, type VerifiedPayment } from '../gateway/port';
import { closeCheckoutItem, listWaitingPayments } from '../gateway/repo';
import { uddoktaPay } from '../gateway/uddoktapay';
import * as orders from '../orders/repo';
import { batchGet } from '../shared/db';
import { NotFound, ServiceUnavailable } from '../shared/errors';
import { logger } from '../shared/logger';
import { retrying } from '../shared/retry';
import { TransactionCancelled, type TransactionItem, transact } from '../shared/transactions';
import { changeBalance } from '../wallet/money';
import * as wallet from '../wallet/repo';
import { type Payable, type Settlement, cancelledByPayerReason, expiredReason, settlementOf, stateAfter } from './settlement';

/** Where a payment stands for us after the settle step, and whether this step changed it. */
export interface SettleResult {
  kind: PaymentReference['kind'];
  id: string;
  status: PaymentState;
  changed: boolean;
}

export interface SettleOptions {
  /** Only this user's payment: another user's invoice is reported as not found (the payer's return path). */
  payerId?: string;
  /** Items written in the same transaction as the change, if there is one (an operator's audit entry). */
  alsoWrite?: TransactionItem[];
}

/** A payable that leaves `pending` frees one of its user's open checkouts; one paid after it expired has already. */
const leavesPending = (state: PaymentState, userId: string) => (state === 'pending' ? [closeCheckoutItem(userId)] : []);

/** A payable as read, with the writes that close it one way or the other, conditioned on what was read. */
interface ReadPayable extends Payable {
  complete(payment: VerifiedPayment, now: string): TransactionItem[];
  cancel(reason: string, now: string): TransactionItem[];
  /** Ids for the log line of a completed payment. */
  describe(): Record<string, unknown>;
}

/**
 * The two kinds of payables, each read in one BatchGetItem: a wallet top-up request (completing
 * it credits the wallet with its ledger entry) and a gateway plan order (completing it records the
 * order for fulfilment).
 */
const payables: Record<PaymentReference['kind'], (reference: PaymentReference) => Promise<ReadPayable | undefined>> = {
  async wallet({ userId, id }) {
    const [requestItem, walletItem] = await batchGet([wallet.walletRequestKey(userId, id), wallet.walletKey(userId)]);
    if (!requestItem) return undefined;
    const request = wallet.walletRequestFromItem(requestItem);
    return {
      state: request.status,
      amount: request.amount,
      invoiceId: request.invoiceId,
      cancelReason: request.cancelReason,
      complete: (payment, now) => [
        ...leavesPending(request.status, userId),
        wallet.closeWalletRequestItem(
          request,
          { status: 'completed', invoiceId: payment.invoiceId, paymentMethod: payment.paymentMethod, senderNumber: payment.senderNumber, transactionId: payment.transactionId },
          now,
        ),
        ...wallet.balanceChangeItems(userId, changeBalance(wallet.walletFromItem(walletItem), request.amount, 'topup', request.requestId), now),
      ],
      cancel: (reason, now) => [...leavesPending(request.status, userId), wallet.closeWalletRequestItem(request, { status: 'cancelled', cancelReason: reason }, now)],
      describe: () => ({ requestId: request.requestId, amount: request.amount }),
    };
  },
  async order({ userId, id }) {
    const [pendingItem] = await batchGet([orders.pendingOrderKey(userId, id)]);
    if (!pendingItem) return undefined;
    const pending = orders.pendingOrderFromItem(pendingItem);
    return {
      state: pending.paymentStatus,
      amount: pending.order.price,
      invoiceId: pending.invoiceId,
      cancelReason: pending.cancelReason,
      complete: (payment, now) => {
        const order = { ...pending.order, invoiceId: payment.invoiceId, paidAt: now };
        return [
          ...leavesPending(pending.paymentStatus, userId),
          orders.closePendingOrderItem(pending, { paymentStatus: 'completed' }, now),
          orders.newOrderItem(order),
          ...orders.rememberedPlayerIdItems(order),
        ];
      },
      cancel: (reason, now) => [...leavesPending(pending.paymentStatus, userId), orders.closePendingOrderItem(pending, { paymentStatus: 'cancelled', cancelReason: reason }, now)],
      describe: () => ({ orderId: pending.order.orderId, amount: pending.order.price }),
    };
  },
};

/** A payment we will not act on: logged (ids and reason only) for a person to review. */
function review(reason: string, payment: VerifiedPayment, reference?: PaymentReference) {
  logger.warn('payment needs review', { reason, invoiceId: payment.invoiceId, gatewayStatus: payment.status, amount: payment.amount, reference });
}

/**
 * Applies the settlement rule to the payable a verified payment names, once: each write is
 * conditioned on the state that was read, so the loser of a race (return, webhook and reconciler
 * at once) re-reads and finds it settled.
 */
function settle(reference: PaymentReference, payment: VerifiedPayment, alsoWrite: TransactionItem[]): Promise<SettleResult> {
  return retrying(
    async () => {
      const payable = await payables[reference.kind](reference);
      if (!payable) {
        review(`no such ${reference.kind} payable`, payment, reference);
        return { kind: reference.kind, id: reference.id, status: 'cancelled', changed: false };
      }
      const settlement: Settlement = settlementOf(payable, payment);
      const now = new Date().toISOString();
      if (settlement.action === 'review') review(settlement.reason, payment, reference);
      if (settlement.action === 'cancel') await transact([...payable.cancel(settlement.reason, now), ...alsoWrite]);
      if (settlement.action === 'complete') {
        await transact([...payable.complete(payment, now), ...alsoWrite]);
        logger.info('gateway payment completed', { kind: reference.kind, invoiceId: payment.invoiceId, ...payable.describe() });
      }
      const changed = settlement.action === 'cancel' || settlement.action === 'complete';
      return { kind: reference.kind, id: reference.id, status: stateAfter(payable, settlement), changed };
    },
    (error) => error instanceof TransactionCancelled,
  );
}

/**
 * The one settle step, reached by the return path, the webhook and the reconciler. It trusts only
 * what the gateway answers to verify-payment for the invoice: a COMPLETED payment whose amount
 * and metadata match a pending request or order pays it, at most once. With `payerId`, an
 * invoice of another user is reported as not found.
 */
export async function settleInvoice(invoiceId: string, { payerId, alsoWrite = [] }: SettleOptions = {}): Promise<SettleResult | undefined> {
  let payment: VerifiedPayment;
  try {
    payment = await uddoktaPay.verify(invoiceId);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    logger.warn('invoice not verified', { invoiceId, reason: error.message, kind: error.kind });
    // Unanswered is not unpaid: the payable stays pending and the caller (a webhook: the gateway) tries again.
    if (error.kind === 'unavailable') throw new ServiceUnavailable('We could not confirm the payment yet. It will be checked again in a few minutes.');
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
  return settle(reference, payment, alsoWrite);
}

/** Gives up on a payment that never came, once: the payable is cancelled for `reason`. */
async function giveUp(reference: PaymentReference, reason: string): Promise<void> {
  const payable = await payables[reference.kind](reference);
  if (payable?.state !== 'pending') return;
  try {
    await transact(payable.cancel(reason, new Date().toISOString()));
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
  }
}

/**
 * The payer gives up a payment of theirs that is still waiting: asked first, the gateway may say
 * it is paid (then it settles as paid); otherwise it is cancelled. A payment completed later all
 * the same is still honoured (see the settlement rule).
 */
export async function cancelPayment(invoiceId: string, payerId: string): Promise<SettleResult> {
  const result = await settleInvoice(invoiceId, { payerId });
  if (!result || result.status !== 'pending') return result!;
  await giveUp({ kind: result.kind, userId: payerId, id: result.id }, cancelledByPayerReason);
  return { ...result, status: 'cancelled', changed: true };
}

export interface ReconcileOptions {
  /** Leave payments younger than this to the payer and the webhook. */
  minAgeSeconds: number;
  /** Cancel payments still not made after this long. */
  expireAfterSeconds: number;
  /** How many payments are settled at once (each one gateway call and one or two table calls). */
  batchSize: number;
  /** Whether there is time for another batch; the run stops before its function's timeout, the next run goes on. */
  timeForAnotherBatch: () => boolean;
  now?: number;
}

export interface ReconcileOutcome {
  checked: number;
  paid: number;
  cancelled: number;
  /** Payments the gateway could not be asked about now (it is down); the next run asks again. */
  unanswered: number;
  /** Payments whose settling threw otherwise (logged); the next run tries them again. */
  failed: number;
  /** Payments left for the next run when time ran out. */
  left: number;
}

/**
 * The scheduled safety net: re-verifies every payment still pending after a few minutes (the
 * payer closed the tab, the callback was lost), settles the completed ones through the same
 * step, and cancels the long-dead ones; in bounded parallel batches, oldest first, until the
 * time runs short.
 */
export async function reconcilePayments(options: ReconcileOptions): Promise<ReconcileOutcome> {
  const now = options.now ?? Date.now();
  const waiting = await listWaitingPayments(new Date(now - options.minAgeSeconds * 1000).toISOString());
  const outcome: ReconcileOutcome = { checked: 0, paid: 0, cancelled: 0, unanswered: 0, failed: 0, left: 0 };
  const reconcileOne = async (payment: (typeof waiting)[number]): Promise<'paid' | 'cancelled' | 'unanswered' | 'waiting'> => {
    let result: SettleResult | undefined;
    try {
      result = await settleInvoice(payment.invoiceId);
    } catch (error) {
      // A gateway that cannot answer now leaves the payment, unexpired, for the next run.
      if (error instanceof ServiceUnavailable) return 'unanswered';
      throw error;
    }
    if (result?.status === 'completed') return 'paid';
    if (result?.status === 'cancelled') return 'cancelled';
    if (Date.parse(payment.createdAt) >= now - options.expireAfterSeconds * 1000) return 'waiting';
    await giveUp(payment.reference, expiredReason);
    return 'cancelled';
  };
  for (let start = 0; start < waiting.length; start += options.batchSize) {
    if (!options.timeForAnotherBatch()) {
      outcome.left = waiting.length - start;
      break;
    }
    const batch = waiting.slice(start, start + options.batchSize);
    const results = await Promise.allSettled(batch.map(reconcileOne));
    for (const [i, result] of results.entries()) {
      outcome.checked += 1;
      if (result.status === 'rejected') {
        outcome.failed += 1;
        logger.error('payment not reconciled', { invoiceId: batch[i]!.invoiceId, error: result.reason as Error });
      } else if (result.value !== 'waiting') outcome[result.value] += 1;
    }
  }
  return outcome;
}
