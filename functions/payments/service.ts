import { GatewayError, type PaymentReference, type PaymentState, type VerifiedPayment, gatewayTimeOf } from '../gateway/port';
import {
  type InvoiceHint,
  type ItemKey,
  type WaitingPayment,
  bookLineItem,
  closeCheckoutItem,
  dropHintItem,
  keepInvoiceHint,
  listInvoiceHints,
  listWaitingPayments,
  markCheckedItem,
  markHintCheckedItem,
  recordInvoiceItem,
} from '../gateway/repo';
import { paymentReviewAlert, paymentStuckAlert, raiseAlert } from '../notifications/alerts';
import { orderPaidNotice, paymentCancelledNotice, walletCreditedNotice } from '../notifications/events';
import { startDeliveryAfterPlacing } from '../orders/delivery';
import { waitingAlertItems } from '../orders/service';
import { rememberedPlayerIdItems } from '../orders/player-id-repo';
import * as orders from '../orders/repo';
import type { PlanOrder } from '../orders/types';
import { batchGet } from '../shared/db';
import { NotFound, ServiceUnavailable } from '../shared/errors';
import { logger } from '../shared/logger';
import type { GatewayReceipt } from '../shared/receipt';
import { retrying } from '../shared/retry';
import { TransactionCancelled, type TransactionItem, transact } from '../shared/transactions';
import { changeBalance } from '../wallet/money';
import * as wallet from '../wallet/repo';
import {
  type Payable,
  type Settlement,
  cancelledBecause,
  cancelledByPayerReason,
  dueForCheck,
  expiredReason,
  settlementOf,
  stateAfter,
} from './settlement';
import { verifyInvoice } from './verify';

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
  /** Who named the invoice (the webhook, a payer's return): kept to be verified later should the gateway not answer now. */
  namedBy?: InvoiceHint['source'];
}

/**
 * The gateway could not be asked about an invoice now: it stays as it was (unanswered is not
 * unpaid). Where a webhook or a return named it, its id is kept, and the reconciler asks again.
 */
export class PaymentUnconfirmed extends ServiceUnavailable {
  constructor() {
    super('We could not confirm the payment yet. It will be checked again in a few minutes.');
  }
}

/** A payable that leaves `pending` frees one of its user's open checkouts; one paid after it was given up has already. */
const leavesPending = (state: PaymentState, userId: string) => (state === 'pending' ? [closeCheckoutItem(userId)] : []);

/** What the gateway told us of a payment, as kept on what it paid for. */
const receiptOf = (payment: VerifiedPayment): GatewayReceipt => ({
  invoiceId: payment.invoiceId,
  paymentMethod: payment.paymentMethod,
  senderNumber: payment.senderNumber,
  transactionId: payment.transactionId,
  fee: payment.fee,
  chargedAmount: payment.chargedAmount,
});

/** A payable as read, with the writes that close it one way or the other, conditioned on what was read. */
interface ReadPayable extends Payable {
  key: ItemKey;
  complete(payment: VerifiedPayment, now: string): TransactionItem[];
  /** Gives it up; `invoiceId` is the failed payment's, recorded with it when it was not known. */
  cancel(reason: string, now: string, invoiceId?: string): TransactionItem[];
  /** Ids for the log line of a completed payment. */
  describe(): Record<string, unknown>;
  /** The order that `complete` placed, once its transaction is written: its automatic delivery starts then. */
  placed?(): PlanOrder | undefined;
}

/** The day-book line of a payment that completes `reference`, dated by the gateway's own time of it where it gives one. */
const bookLine = (reference: PaymentReference, amount: number, payment: VerifiedPayment, now: string) =>
  bookLineItem({ kind: 'payment', at: now, paidAt: gatewayTimeOf(payment.date), reference, amount, receipt: receiptOf(payment) });

/**
 * The two kinds of payables, each read in one BatchGetItem: a wallet top-up request (completing
 * it credits the wallet with its ledger entry) and a gateway plan order (completing it places the
 * order for fulfilment; paid after it was cancelled, the money goes to the wallet instead, since
 * the price, the stock or the player's wish may have changed meanwhile).
 */
const payables: Record<PaymentReference['kind'], (reference: PaymentReference) => Promise<ReadPayable | undefined>> = {
  async wallet(reference) {
    const { userId, id } = reference;
    const [requestItem, walletItem] = await batchGet([wallet.walletRequestKey(userId, id), wallet.walletKey(userId)]);
    if (!requestItem) return undefined;
    const request = wallet.walletRequestFromItem(requestItem);
    return {
      key: wallet.walletRequestKey(userId, id),
      state: request.status,
      amount: request.amount,
      invoiceId: request.invoiceId,
      complete: (payment, now) => [
        ...leavesPending(request.status, userId),
        wallet.closeWalletRequestItem(request, { status: 'completed', invoiceId: payment.invoiceId, receipt: receiptOf(payment) }, now),
        ...wallet.balanceChangeItems(
          userId,
          changeBalance(wallet.walletFromItem(walletItem), request.amount, 'topup', request.requestId),
          now,
        ),
        bookLine(reference, request.amount, payment, now),
        walletCreditedNotice(
          {
            userId,
            amount: request.amount,
            source: { topUp: receiptOf(payment) },
            subject: request.requestId,
            receipt: receiptOf(payment),
          },
          now,
        ),
      ],
      cancel: (reason, now, invoiceId) => [
        ...leavesPending(request.status, userId),
        wallet.closeWalletRequestItem(
          request,
          { status: 'cancelled', cancelReason: reason, invoiceId: request.invoiceId ?? invoiceId },
          now,
        ),
        paymentCancelledNotice(
          {
            userId,
            subject: request.requestId,
            amount: request.amount,
            reason: cancelledBecause(reason),
            link: '/profile/userWallet',
          },
          now,
        ),
      ],
      describe: () => ({ requestId: request.requestId, amount: request.amount }),
    };
  },
  async order(reference) {
    const { userId, id } = reference;
    const [pendingItem, walletItem] = await batchGet([orders.pendingOrderKey(userId, id), wallet.walletKey(userId)]);
    if (!pendingItem) return undefined;
    const pending = orders.pendingOrderFromItem(pendingItem);
    const price = pending.order.price;
    const state: PaymentState = pending.paymentStatus === 'credited' ? 'completed' : pending.paymentStatus;
    let placed: PlanOrder | undefined;
    return {
      key: orders.pendingOrderKey(userId, id),
      state,
      amount: price,
      invoiceId: pending.invoiceId,
      complete: (payment, now) => {
        const receipt = receiptOf(payment);
        if (pending.paymentStatus === 'cancelled') {
          return [
            orders.closePendingOrderItem(pending, { paymentStatus: 'credited', receipt }, now),
            ...wallet.balanceChangeItems(userId, changeBalance(wallet.walletFromItem(walletItem), price, 'refund', id), now),
            bookLine(reference, price, payment, now),
            walletCreditedNotice({ userId, amount: price, source: { lateOrder: id }, subject: id }, now),
          ];
        }
        const order = { ...pending.order, invoiceId: payment.invoiceId, receipt, paidAt: now };
        placed = order;
        return [
          ...leavesPending(state, userId),
          orders.closePendingOrderItem(pending, { paymentStatus: 'completed', receipt }, now),
          orders.newOrderItem(order),
          ...waitingAlertItems(order),
          ...rememberedPlayerIdItems(order),
          bookLine(reference, price, payment, now),
          orderPaidNotice(order, now),
        ];
      },
      cancel: (reason, now, invoiceId) => [
        ...leavesPending(state, userId),
        orders.closePendingOrderItem(pending, { paymentStatus: 'cancelled', cancelReason: reason, invoiceId }, now),
        paymentCancelledNotice(
          {
            userId,
            subject: id,
            planName: pending.order.planName,
            amount: price,
            reason: cancelledBecause(reason),
            link: `/profile/order/${encodeURIComponent(id)}`,
          },
          now,
        ),
      ],
      describe: () => ({ orderId: id, amount: price, late: pending.paymentStatus === 'cancelled' }),
      placed: () => placed,
    };
  },
};

/**
 * A payment we will not act on: logged (ids and reason only); where it names what it pays for and
 * money was taken (a COMPLETED payment of another amount, a second payment for something paid), the
 * operators are told once per invoice, since only a person can give it back or credit it.
 */
async function review(reason: string, payment: VerifiedPayment, reference?: PaymentReference) {
  logger.warn('payment needs review', {
    reason,
    invoiceId: payment.invoiceId,
    gatewayStatus: payment.status,
    amount: payment.amount,
    reference,
  });
  if (reference && payment.status === 'COMPLETED')
    await raiseAlert(
      paymentReviewAlert({ invoiceId: payment.invoiceId, amount: payment.amount, reason, reference }, new Date().toISOString()),
    );
}

/** The writes a settlement makes on a payable (none for `none` and `review`). */
function settlementWrites(payable: ReadPayable, settlement: Settlement, payment: VerifiedPayment, now: string): TransactionItem[] {
  if (settlement.action === 'complete') return payable.complete(payment, now);
  if (settlement.action === 'cancel') return payable.cancel(settlement.reason, now, payment.invoiceId);
  if (settlement.action === 'record') return [recordInvoiceItem(payable.key, payment.invoiceId)];
  return [];
}

/**
 * Applies the settlement rule to the payable a verified payment names, once: each write is
 * conditioned on the state that was read, so the loser of a race (return, webhook, reconciler and
 * operator at once) re-reads and finds it settled.
 */
function settle(reference: PaymentReference, payment: VerifiedPayment, alsoWrite: TransactionItem[]): Promise<SettleResult> {
  return retrying(
    async () => {
      const payable = await payables[reference.kind](reference);
      if (!payable) {
        await review(`no such ${reference.kind} payable`, payment, reference);
        return { kind: reference.kind, id: reference.id, status: 'cancelled', changed: false };
      }
      const settlement = settlementOf(payable, payment);
      if (settlement.action === 'review') await review(settlement.reason, payment, reference);
      const writes = settlementWrites(payable, settlement, payment, new Date().toISOString());
      if (writes.length > 0) await transact([...writes, ...alsoWrite]);
      if (settlement.action === 'complete') {
        logger.info('gateway payment completed', { kind: reference.kind, invoiceId: payment.invoiceId, ...payable.describe() });
        const placed = payable.placed?.();
        if (placed) await startDeliveryAfterPlacing(placed);
      }
      return { kind: reference.kind, id: reference.id, status: stateAfter(payable, settlement), changed: writes.length > 0 };
    },
    (error) => error instanceof TransactionCancelled,
  );
}

/**
 * The one settle step, reached by the return path, the webhook, the reconciler and the operator.
 * It trusts only what the gateway answers to verify-payment for the invoice, and finds what it
 * pays for by the payment's metadata: a COMPLETED payment whose amount matches pays it, at most
 * once; a waiting one records its invoice id. With `payerId`, an invoice of another user is
 * reported as not found.
 */
export async function settleInvoice(
  invoiceId: string,
  { payerId, alsoWrite = [], namedBy }: SettleOptions = {},
): Promise<SettleResult | undefined> {
  let payment: VerifiedPayment;
  try {
    payment = await verifyInvoice(invoiceId);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    logger.warn('invoice not verified', { invoiceId, reason: error.message, kind: error.kind });
    // Unanswered is not unpaid: the payable stays pending, and the id a webhook or a return brought is kept for the reconciler.
    if (error.kind === 'unavailable') {
      if (namedBy) await keepInvoiceHint(invoiceId, namedBy, new Date().toISOString());
      throw new PaymentUnconfirmed();
    }
    if (payerId) throw new NotFound('Payment not found');
    return undefined;
  }
  const reference = payment.reference;
  if (!reference) {
    await review('no reference of ours in the metadata', payment);
    if (payerId) throw new NotFound('Payment not found');
    return undefined;
  }
  if (payerId && reference.userId !== payerId) throw new NotFound('Payment not found');
  return settle(reference, payment, alsoWrite);
}

/** Gives up on a payment that never came, once: the payable is cancelled for `reason`. */
async function giveUp(reference: PaymentReference, reason: string): Promise<PaymentState | undefined> {
  const payable = await payables[reference.kind](reference);
  if (payable?.state !== 'pending') return payable?.state;
  try {
    await transact(payable.cancel(reason, new Date().toISOString()));
    return 'cancelled';
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    return (await payables[reference.kind](reference))?.state;
  }
}

/**
 * The payer gives up a payment of theirs that is still waiting, named by our own reference (a
 * cancel at the gateway brings no invoice id back). Where its invoice is known the gateway is
 * asked first, and may say it is paid (then it settles as paid); otherwise it is cancelled. Money
 * paid later all the same is still honoured (see the settlement rule).
 */
export async function cancelPayment(payment: Omit<PaymentReference, 'userId'>, payerId: string): Promise<SettleResult> {
  const reference = { ...payment, userId: payerId };
  const payable = await payables[reference.kind](reference);
  if (!payable) throw new NotFound('Payment not found');
  if (payable.state !== 'pending') return { kind: reference.kind, id: reference.id, status: payable.state, changed: false };
  if (payable.invoiceId) {
    const result = await settleInvoice(payable.invoiceId, { payerId });
    if (result && result.status !== 'pending') return result;
  }
  const status = (await giveUp(reference, cancelledByPayerReason)) ?? 'cancelled';
  return { kind: reference.kind, id: reference.id, status, changed: status === 'cancelled' };
}

export interface ReconcileOptions {
  /** Leave payments younger than this to the payer and the webhook. */
  minAgeSeconds: number;
  /** Give up payments still not made after this long (money that comes later is still honoured). */
  expireAfterSeconds: number;
  /** Tell the operators of a payment still pending after this many minutes (once per payment); absent: never. */
  stuckAfterMinutes?: number;
  /** How many payments are settled at once (each one gateway call and one or two table calls). */
  batchSize: number;
  /** Whether there is time for another batch; the run stops before its function's timeout, the next run goes on. */
  timeForAnotherBatch: () => boolean;
  now?: number;
}

export interface ReconcileOutcome {
  /** Invoice ids kept during an outage that the gateway answered about now (settled or not), and those given up. */
  hintsAnswered: number;
  hintsGivenUp: number;
  checked: number;
  paid: number;
  cancelled: number;
  /** Payments the gateway could not be asked about now (it is down); the next run asks again. */
  unanswered: number;
  /** Payments whose invoice id never came: they wait for their payer, the webhook or an operator. */
  withoutInvoice: number;
  /** Payments whose settling threw otherwise (logged); the next run tries them again. */
  failed: number;
  /** Payments left for the next run when time ran out. */
  left: number;
  /**
   * Payments still pending after this run that are older than `stuckAfterMinutes` (those it left
   * for lack of time and those whose step failed included): the business metric's gauge.
   */
  pendingPastWindow: number;
}

type ReconcileStep = 'paid' | 'cancelled' | 'unanswered' | 'waiting' | 'withoutInvoice' | 'notDue';

/**
 * The scheduled safety net: re-verifies the payments still waiting whose invoice id is known,
 * each less often as it ages (a PENDING payment may be approved hours later), settles the
 * completed ones through the same step, and gives up those older than the expiry. A payment whose
 * invoice id never came cannot be asked about: it waits for the operator until it expires. In
 * bounded parallel batches, oldest first, until the time runs short.
 */
export async function reconcilePayments(options: ReconcileOptions): Promise<ReconcileOutcome> {
  const now = options.now ?? Date.now();
  const waiting = await listWaitingPayments(new Date(now - options.minAgeSeconds * 1000).toISOString());
  const outcome: ReconcileOutcome = {
    hintsAnswered: 0,
    hintsGivenUp: 0,
    checked: 0,
    paid: 0,
    cancelled: 0,
    unanswered: 0,
    withoutInvoice: 0,
    failed: 0,
    left: 0,
    pendingPastWindow: 0,
  };
  const expired = (payment: WaitingPayment) => Date.parse(payment.createdAt) < now - options.expireAfterSeconds * 1000;
  const minutesWaiting = (payment: WaitingPayment) => Math.floor((now - Date.parse(payment.createdAt)) / 60_000);
  const stuck = (payment: WaitingPayment) =>
    options.stuckAfterMinutes !== undefined && minutesWaiting(payment) >= options.stuckAfterMinutes;
  const reconcileOne = async (payment: WaitingPayment): Promise<ReconcileStep> => {
    const step = await settleOrExpire(payment);
    if (step !== 'paid' && step !== 'cancelled') await alertIfStuck(payment);
    return step;
  };
  const alertIfStuck = async (payment: WaitingPayment) => {
    if (!stuck(payment)) return;
    const { kind, id } = payment.reference;
    await raiseAlert(
      paymentStuckAlert({ kind, id, invoiceId: payment.invoiceId, minutes: minutesWaiting(payment) }, new Date(now).toISOString()),
    );
  };
  const settleOrExpire = async (payment: WaitingPayment): Promise<ReconcileStep> => {
    if (payment.invoiceId && dueForCheck(payment, now)) {
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
      if (!expired(payment)) {
        await transact([markCheckedItem(payment.key, new Date(now).toISOString())]).catch((error: unknown) => {
          if (!(error instanceof TransactionCancelled)) throw error;
        });
        return 'waiting';
      }
    }
    if (!expired(payment)) return payment.invoiceId ? 'notDue' : 'withoutInvoice';
    return (await giveUp(payment.reference, expiredReason)) === 'cancelled' ? 'cancelled' : 'waiting';
  };
  for (let start = 0; start < waiting.length; start += options.batchSize) {
    if (!options.timeForAnotherBatch()) {
      outcome.left = waiting.length - start;
      outcome.pendingPastWindow += waiting.slice(start).filter(stuck).length;
      break;
    }
    const batch = waiting.slice(start, start + options.batchSize);
    const results = await Promise.allSettled(batch.map(reconcileOne));
    for (const [i, result] of results.entries()) {
      const settled = result.status === 'fulfilled' && (result.value === 'paid' || result.value === 'cancelled');
      if (!settled && stuck(batch[i]!)) outcome.pendingPastWindow += 1;
      if (result.status === 'rejected') {
        outcome.checked += 1;
        outcome.failed += 1;
        logger.error('payment not reconciled', { invoiceId: batch[i]!.invoiceId, error: result.reason as Error });
        continue;
      }
      if (result.value !== 'notDue' && result.value !== 'withoutInvoice') outcome.checked += 1;
      if (result.value !== 'waiting' && result.value !== 'notDue') outcome[result.value] += 1;
    }
  }
  if (outcome.left === 0) await reconcileHints(options, outcome, now);
  return outcome;
}

/**
 * The invoice ids kept during a verify outage (`PaymentUnconfirmed`): each asked about with the
 * same back-off as a waiting payment, through the same settle step, and forgotten once the gateway
 * answers (paid, not paid, or unknown to it). One still unanswered when payments expire is given
 * up and told to the operators, who can settle it from the gateway's panel.
 */
async function reconcileHints(options: ReconcileOptions, outcome: ReconcileOutcome, now: number): Promise<void> {
  const due = (await listInvoiceHints()).filter((hint) => dueForCheck(hint, now));
  const at = new Date(now).toISOString();
  const step = async (hint: InvoiceHint) => {
    const givenUp = Date.parse(hint.createdAt) < now - options.expireAfterSeconds * 1000;
    try {
      await settleInvoice(hint.invoiceId);
    } catch (error) {
      if (!(error instanceof ServiceUnavailable)) throw error;
      if (!givenUp) return transact([markHintCheckedItem(hint.invoiceId, at)]).catch(() => undefined);
      const reason = `named by a ${hint.source} during an outage and never confirmed by the gateway: check its panel`;
      await raiseAlert(paymentReviewAlert({ invoiceId: hint.invoiceId, reason }, at));
      outcome.hintsGivenUp += 1;
      return transact([dropHintItem(hint.invoiceId)]);
    }
    outcome.hintsAnswered += 1;
    await transact([dropHintItem(hint.invoiceId)]);
  };
  for (let start = 0; start < due.length; start += options.batchSize) {
    if (!options.timeForAnotherBatch()) return;
    const results = await Promise.allSettled(due.slice(start, start + options.batchSize).map(step));
    for (const [i, result] of results.entries()) {
      if (result.status === 'fulfilled') continue;
      outcome.failed += 1;
      logger.error('kept invoice not reconciled', { invoiceId: due[start + i]!.invoiceId, error: result.reason as Error });
    }
  }
}

/** A payment still waiting, as operators see it. */
export interface WaitingPaymentDetail extends WaitingPayment {
  amount: number;
}

/**
 * Every payment still waiting, oldest first, with its amount: one Query of the pending-payment
 * index and BatchGetItems of what they pay for. The operators see which have no invoice id yet
 * (only they can settle those, with the invoice id from the gateway's panel).
 */
export async function waitingPaymentDetails(): Promise<WaitingPaymentDetail[]> {
  const waiting = await listWaitingPayments(new Date().toISOString());
  const details: WaitingPaymentDetail[] = [];
  for (let start = 0; start < waiting.length; start += 100) {
    const batch = waiting.slice(start, start + 100);
    const items = await batchGet(batch.map((payment) => payment.key));
    for (const [i, item] of items.entries()) {
      if (!item) continue;
      const payment = batch[i]!;
      const amount =
        payment.reference.kind === 'wallet' ? wallet.walletRequestFromItem(item).amount : orders.pendingOrderFromItem(item).order.price;
      details.push({ ...payment, amount });
    }
  }
  return details;
}
