import { GatewayError, type PaymentReference, type PaymentState, type VerifiedPayment } from '../gateway/port';
import { gateways } from '../gateway/registry';
import { type InvoiceHint, keepInvoiceHint, recordInvoiceItem } from '../gateway/repo';
import { paymentReviewAlert, raiseAlert } from '../notifications/alerts';
import { startDeliveryAfterPlacing } from '../orders/delivery';
import { NotFound, ServiceUnavailable } from '../shared/errors';
import { logger } from '../shared/logger';
import { retrying } from '../shared/retry';
import { TransactionCancelled, type TransactionItem, transact } from '../shared/transactions';
import { type ReadPayable, payables } from './payables';
import { type Settlement, cancelledByPayerReason, settlementOf, stateAfter } from './settlement';
import { verifyInvoice } from './verify';

/** Where a payment stands for us after the settle step, and whether this step changed it. */
export interface SettleResult {
  kind: PaymentReference['kind'];
  id: string;
  status: PaymentState;
  changed: boolean;
}

/** The return path's message for where the payment stands. */
export const paymentReturnMessages = {
  completed: 'Payment received',
  cancelled: 'Payment was not completed',
  pending: 'Payment is being processed',
} as const;

export interface SettleOptions {
  /** Only this user's payment: another user's invoice is reported as not found (the payer's return path). */
  payerId?: string;
  /** Items written in the same transaction as the change, if there is one (an operator's audit entry). */
  alsoWrite?: TransactionItem[];
  /** Who named the invoice (the webhook, a payer's return): kept to be verified later should the gateway not answer now. */
  namedBy?: InvoiceHint['source'];
}

/** An invoice id as it was named: by its gateway's webhook or a record (`gateway` known), or by a payer or an operator (perhaps not). */
export interface NamedInvoice {
  gateway?: string;
  invoiceId: string;
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

/**
 * A payment we will not act on: logged (ids and reason only); where it names what it pays for and
 * money was taken (a paid payment of another amount, a second payment for something paid), the
 * operators are told once per invoice, since only a person can give it back or credit it.
 */
async function review(reason: string, payment: VerifiedPayment, reference?: PaymentReference) {
  logger.warn('payment needs review', {
    reason,
    gateway: payment.gateway,
    invoiceId: payment.invoiceId,
    gatewayStatus: payment.status,
    amount: payment.amount,
    reference,
  });
  if (reference && payment.outcome === 'paid')
    await raiseAlert(
      paymentReviewAlert(
        { gateway: payment.gateway, invoiceId: payment.invoiceId, amount: payment.amount, reason, reference },
        new Date().toISOString(),
      ),
    );
}

/**
 * The settlement rule for a payable read for `payment`: only a payment at the gateway it was opened
 * at counts for it, and a wallet top-up or a guest's codes from a blocked payer's number are
 * completed by no rule (a person looks; an order is placed held instead, by its payable).
 */
function settlementFor(payable: ReadPayable, payment: VerifiedPayment, kind: PaymentReference['kind']): Settlement {
  if (payable.gateway !== payment.gateway) return { action: 'review', reason: `paid at ${payment.gateway}, opened at ${payable.gateway}` };
  const settlement = settlementOf(payable, payment);
  return settlement.action === 'complete' && payable.payerBlocked && kind !== 'order'
    ? { action: 'review', reason: "the payer's number is on the blocklist" }
    : settlement;
}

/** The writes a settlement makes on a payable (none for `none`, and for `review` but a second payment's record). */
function settlementWrites(payable: ReadPayable, settlement: Settlement, payment: VerifiedPayment, now: string): TransactionItem[] {
  if (settlement.action === 'complete') return payable.complete(payment, now);
  if (settlement.action === 'review') return settlement.paidAgain ? (payable.paidAgain?.(payment, now) ?? []) : [];
  if (settlement.action === 'cancel') return payable.cancel(settlement.reason, now, payment.invoiceId);
  if (settlement.action === 'record') return [recordInvoiceItem(payable.key, payment.invoiceId)];
  return [];
}

/**
 * Applies the settlement rule to the payable a verified payment names, once: each write is
 * conditioned on the state that was read, so the loser of a race (return, webhook, reconciler and
 * operator at once) re-reads and finds it settled. Only a payment at the gateway the payable was
 * opened at counts for it.
 */
function settle(reference: PaymentReference, payment: VerifiedPayment, alsoWrite: TransactionItem[]): Promise<SettleResult> {
  return retrying(
    async () => {
      const payable = await payables[reference.kind](reference, payment.senderNumber);
      if (!payable) {
        await review(`no such ${reference.kind} payable`, payment, reference);
        return { kind: reference.kind, id: reference.id, status: 'cancelled', changed: false };
      }
      const settlement = settlementFor(payable, payment, reference.kind);
      if (settlement.action === 'review') await review(settlement.reason, payment, reference);
      const writes = settlementWrites(payable, settlement, payment, new Date().toISOString());
      if (settlement.action === 'review' && writes.length > 0) {
        // A second payment is recorded once per invoice: a replay finds it recorded and changes nothing.
        const recorded = await transact(writes).then(
          () => true,
          (error) => (error instanceof TransactionCancelled ? false : Promise.reject(error)),
        );
        return { kind: reference.kind, id: reference.id, status: payable.state, changed: recorded };
      }
      if (writes.length > 0) await transact([...writes, ...alsoWrite]);
      if (settlement.action === 'complete') {
        logger.info('gateway payment completed', {
          kind: reference.kind,
          gateway: payment.gateway,
          invoiceId: payment.invoiceId,
          ...payable.describe(),
        });
        const placed = payable.placed?.();
        if (placed) await startDeliveryAfterPlacing(placed);
      }
      return { kind: reference.kind, id: reference.id, status: stateAfter(payable, settlement), changed: writes.length > 0 };
    },
    (error) => error instanceof TransactionCancelled,
  );
}

/**
 * What the gateway says of a named invoice: its own gateway's answer, or, for an invoice named
 * without one, the first answer of the gateways asked in turn (the stage's default first; one
 * gateway, one call). Undefined when every gateway asked refuses it (none knows it). When none
 * answers and some could not be asked, unanswered is not unpaid: the id a webhook or a return
 * brought is kept for the reconciler at each of those, and the payable stays as it is.
 */
async function verifyNamed({ gateway, invoiceId }: NamedInvoice, namedBy?: InvoiceHint['source']): Promise<VerifiedPayment | undefined> {
  const unanswered: string[] = [];
  for (const candidate of gateway ? [gateways.of({ gateway })] : gateways.inTurn) {
    try {
      return await verifyInvoice({ gateway: candidate.name, invoiceId });
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      logger.warn('invoice not verified', { gateway: candidate.name, invoiceId, reason: error.message, kind: error.kind });
      if (error.kind === 'unavailable') unanswered.push(candidate.name);
    }
  }
  if (unanswered.length === 0) return undefined;
  if (namedBy) for (const name of unanswered) await keepInvoiceHint({ gateway: name, invoiceId }, namedBy, new Date().toISOString());
  throw new PaymentUnconfirmed();
}

/**
 * The one settle step, reached by the return path, the webhook, the reconciler and the operator.
 * It trusts only what the gateway answers when asked about the invoice, and finds what it pays
 * for by the payment's metadata: a paid payment whose amount matches pays it, at most once; a
 * waiting one records its invoice id. With `payerId`, an invoice of another user is reported as
 * not found.
 */
export async function settleInvoice(
  invoice: NamedInvoice,
  { payerId, alsoWrite = [], namedBy }: SettleOptions = {},
): Promise<SettleResult | undefined> {
  const payment = await verifyNamed(invoice, namedBy);
  if (!payment) {
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
export async function giveUp(reference: PaymentReference, reason: string): Promise<PaymentState | undefined> {
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
 * cancel at the gateway brings no invoice id back). Where its invoice is known its gateway is
 * asked first, and may say it is paid (then it settles as paid); otherwise it is cancelled. Money
 * paid later all the same is still honoured (see the settlement rule).
 */
export async function cancelPayment(payment: Omit<PaymentReference, 'userId'>, payerId: string): Promise<SettleResult> {
  const reference = { ...payment, userId: payerId };
  const payable = await payables[reference.kind](reference);
  if (!payable) throw new NotFound('Payment not found');
  if (payable.state !== 'pending') return { kind: reference.kind, id: reference.id, status: payable.state, changed: false };
  if (payable.invoiceId) {
    const result = await settleInvoice({ gateway: payable.gateway, invoiceId: payable.invoiceId }, { payerId });
    if (result && result.status !== 'pending') return result;
  }
  const status = (await giveUp(reference, cancelledByPayerReason)) ?? 'cancelled';
  return { kind: reference.kind, id: reference.id, status, changed: status === 'cancelled' };
}
