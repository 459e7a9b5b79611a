import {
  type InvoiceHint,
  type WaitingPayment,
  dropHintItem,
  listInvoiceHints,
  listWaitingPayments,
  markCheckedItem,
  markHintCheckedItem,
} from '../gateway/repo';
import { paymentReviewAlert, paymentStuckAlert, raiseAlert } from '../notifications/alerts';
import { ServiceUnavailable } from '../shared/errors';
import { logger } from '../shared/logger';
import { TransactionCancelled, transact } from '../shared/transactions';
import { type SettleResult, giveUp, settleInvoice } from './service';
import { dueForCheck, expiredReason } from './settlement';

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
        result = await settleInvoice({ gateway: payment.gateway, invoiceId: payment.invoiceId });
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
        logger.error('payment not reconciled', {
          gateway: batch[i]!.gateway,
          invoiceId: batch[i]!.invoiceId,
          error: result.reason as Error,
        });
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
      await settleInvoice(hint);
    } catch (error) {
      if (!(error instanceof ServiceUnavailable)) throw error;
      if (!givenUp) return transact([markHintCheckedItem(hint, at)]).catch(() => undefined);
      const reason = `named by a ${hint.source} during an outage and never confirmed by the gateway: check its panel`;
      await raiseAlert(paymentReviewAlert({ gateway: hint.gateway, invoiceId: hint.invoiceId, reason }, at));
      outcome.hintsGivenUp += 1;
      return transact([dropHintItem(hint)]);
    }
    outcome.hintsAnswered += 1;
    await transact([dropHintItem(hint)]);
  };
  for (let start = 0; start < due.length; start += options.batchSize) {
    if (!options.timeForAnotherBatch()) return;
    const results = await Promise.allSettled(due.slice(start, start + options.batchSize).map(step));
    for (const [i, result] of results.entries()) {
      if (result.status === 'fulfilled') continue;
      outcome.failed += 1;
      const { gateway, invoiceId } = due[start + i]!;
      logger.error('kept invoice not reconciled', { gateway, invoiceId, error: result.reason as Error });
    }
  }
}
