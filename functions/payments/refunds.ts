import { GatewayError, type PaymentOutcome, gatewayOf } from '../gateway/port';
import { gateways } from '../gateway/registry';
import { bookLineItem } from '../gateway/repo';
import { raiseAlert, refundReviewAlert } from '../notifications/alerts';
import { orderRefundedNotice } from '../notifications/events';
import { planRefundEventItem } from '../orders/report-events';
import { deliveryInTheWay, lostItsSender, movedSinceSeen, refundAwaitsPerson } from '../orders/order-rules';
import { gatewayRefundDoneItem, gatewayRefundOutcomeItem, startGatewayRefundItem } from '../orders/refund-repo';
import { getOrder } from '../orders/repo';
import type { GatewayRefund, OrderStatus, PlanOrder } from '../orders/types';
import { promoReturnItems, requireMove } from '../orders/service';
import { Conflict, ServiceUnavailable } from '../shared/errors';
import { logger } from '../shared/logger';
import { TransactionCancelled, type TransactionItem, transact } from '../shared/transactions';
import { verifyInvoice } from './verify';

const now = () => new Date().toISOString();

/** What a refund's trouble tells the operators, by its kind. */
const troubles = {
  unanswered: { key: 'unanswered', text: 'the gateway did not answer the refund call; its panel shows whether it went through' },
  refused: (reason: string) => ({
    key: 'refused',
    text: `the gateway refused it (${reason}); its panel may show it refunded all the same`,
  }),
  unrecorded: { key: 'unrecorded', text: 'the gateway refunded it, but the order could not be marked refunded: record it by hand' },
};

/**
 * Closes the refund attempt as read as done, once: the order refunded, the day book's refund line
 * (one per invoice, ever) and the shopper's notice, with `alsoWrite` (an operator's audit entry).
 * Money has left by now, so a write that fails is never dropped: unless another path recorded it
 * meanwhile, the operators are alerted and told it needs recording by hand.
 */
async function refundDone(order: PlanOrder, alsoWrite: TransactionItem[] = [], resolvedBy?: string): Promise<PlanOrder> {
  const at = now();
  const receipt = order.receipt!;
  const attempt = order.gatewayRefund!;
  try {
    await transact([
      gatewayRefundDoneItem(order, at, resolvedBy),
      bookLineItem({
        kind: 'refund',
        at,
        reference: { kind: 'order', userId: order.userId, id: order.orderId },
        amount: order.price,
        receipt,
      }),
      orderRefundedNotice(order, { remark: attempt.remark, toMethod: receipt.paymentMethod || 'payment method' }, at),
      ...promoReturnItems(order, at),
      planRefundEventItem(order, 'method', at),
      ...alsoWrite,
    ]);
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    const current = await getOrder(order.userId, order.orderId);
    if (current?.gatewayRefund?.state === 'done') {
      // Another path recorded it: the call that sent it is answered as done, a second operator's record is refused.
      if (resolvedBy) throw new Conflict('This refund is already recorded as done');
      return current;
    }
    // Only an operator's record can lose to a release (their transaction moved first): nothing left, nothing to recover.
    if (resolvedBy && current?.gatewayRefund?.state === 'released')
      throw new Conflict('The refund was released meanwhile: read the order again');
    await raiseAlert(refundReviewAlert(order, troubles.unrecorded, attempt.at, at));
    logger.error('refund through the gateway done but not recorded', {
      orderId: order.orderId,
      invoiceId: receipt.invoiceId,
      reasons: error.reasons,
    });
    throw new Conflict(
      'The gateway refunded this order, but the order could not be marked refunded: the operators were alerted to record it by hand',
    );
  }
  logger.info('refund through the gateway done', { orderId: order.orderId, invoiceId: receipt.invoiceId, amount: order.price, resolvedBy });
  return {
    ...order,
    status: 'refunded',
    remark: attempt.remark,
    refundedAt: at,
    sealedSecret: undefined,
    gatewayRefund: { ...attempt, state: 'done', ...(resolvedBy ? { resolvedBy } : {}) },
  };
}

/** Moves the attempt as read to unknown or refused, telling the operators in the same write; answers the order as it is after. */
async function needsPerson(order: PlanOrder, outcome: Pick<GatewayRefund, 'state' | 'reason'>, trouble: { key: string; text: string }) {
  const at = now();
  try {
    await transact([gatewayRefundOutcomeItem(order, outcome, at), refundReviewAlert(order, trouble, order.gatewayRefund!.at, at)]);
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    return (await getOrder(order.userId, order.orderId)) ?? order;
  }
  return { ...order, gatewayRefund: { ...order.gatewayRefund!, ...outcome } };
}

/**
 * An unanswered refund: the payment's gateway is asked what became of the payment (UddoktaPay's
 * newer installs show it refunded; it documents no other way to ask), never called again. When it
 * cannot say, a person records what its panel shows (`resolveGatewayRefund`).
 */
async function askAboutRefund(order: PlanOrder): Promise<PlanOrder> {
  const receipt = order.receipt!;
  let outcome: PaymentOutcome;
  try {
    outcome = (await verifyInvoice({ gateway: gatewayOf(receipt), invoiceId: receipt.invoiceId })).outcome;
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    throw new ServiceUnavailable(
      "The gateway did not say whether the refund went through. Ask again in a few minutes, or check the gateway's panel and record what it shows: it will not be sent twice.",
    );
  }
  if (outcome === 'refunded') return refundDone(order);
  throw new Conflict(
    "The gateway does not show this refund. Check the gateway's panel and record what it shows (refunded there, or not refunded): it will not be sent twice.",
  );
}

/**
 * Sends a gateway-paid order's money back to the payer's bKash/Nagad through the refund API of the
 * gateway that took it, exactly once. The order as the caller read it must allow a refund (`requireMove`); the rest
 * works on a strongly consistent read of it: the intent (and `alsoWrite`, the operator's audit
 * entry) is written before the call, conditioned so that parallel clicks start one refund and no
 * open delivery can also move the money; the order's id is in the refund's reason, so the gateway's
 * panel names it. A refusal leaves the order unrefunded with the gateway's reason; an unanswered
 * call is asked about, never repeated; both tell the operators, whose record of the panel ends it.
 * With `seen`, the status the operator saw: refused if the order moved since (the intent's write
 * is conditioned on the status read).
 */
export async function refundThroughGateway(
  read: PlanOrder,
  remark: string,
  alsoWrite: TransactionItem[] = [],
  seen?: OrderStatus,
): Promise<PlanOrder> {
  requireMove(read, 'refund');
  let order = (await getOrder(read.userId, read.orderId)) ?? read;
  requireMove(order, 'refund');
  const moved = movedSinceSeen(order, seen);
  if (moved) throw new Conflict(moved);
  const receipt = order.receipt;
  if (order.paidFrom !== 'gateway' || !receipt?.transactionId)
    throw new Conflict('This order was not paid through the gateway: refund it to the wallet');
  if (order.gatewayRefund && lostItsSender(order.gatewayRefund))
    order = await needsPerson(order, { state: 'unknown' }, troubles.unanswered);
  if (order.gatewayRefund?.state === 'unknown') return askAboutRefund(order);
  if (order.gatewayRefund?.state === 'sending') throw new Conflict('A refund of this order is already under way');
  const delivering = deliveryInTheWay(order);
  if (delivering) throw new Conflict(delivering);
  const started = now();
  try {
    await transact([startGatewayRefundItem(order, remark, started), ...alsoWrite]);
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    const current = await getOrder(order.userId, order.orderId);
    throw new Conflict((current && deliveryInTheWay(current)) ?? 'A refund of this order is already under way');
  }
  const sending: PlanOrder = { ...order, gatewayRefund: { state: 'sending', at: started, remark } };
  try {
    await gateways.of(receipt).refund({
      transactionId: receipt.transactionId,
      paymentMethod: receipt.paymentMethod,
      amount: order.price,
      productName: order.planName,
      reason: `Order ${order.orderId}: ${remark}`.slice(0, 200),
    });
  } catch (error) {
    if (error instanceof GatewayError && error.kind === 'refused') {
      await needsPerson(sending, { state: 'refused', reason: error.message }, troubles.refused(error.message));
      throw new Conflict(
        `The gateway refused the refund: ${error.message}. If the gateway's panel shows the payment refunded, record that; otherwise try again, or release it to refund another way.`,
      );
    }
    logger.warn('refund through the gateway unanswered', { orderId: order.orderId, invoiceId: receipt.invoiceId });
    return askAboutRefund(await needsPerson(sending, { state: 'unknown' }, troubles.unanswered));
  }
  return refundDone(sending);
}

/**
 * An operator records what the gateway's panel shows of a refund attempt that waits for a person
 * (`refundAwaitsPerson`), once (conditioned on the attempt read), with `alsoWrite` (the audit entry):
 * `refunded` closes it as done (the order refunded, the day book's refund line), `not_refunded`
 * releases the order, which may then be refunded again, to the wallet or the payment method.
 */
export async function resolveGatewayRefund(
  read: PlanOrder,
  outcome: 'refunded' | 'not_refunded',
  operatorId: string,
  alsoWrite: TransactionItem[] = [],
): Promise<PlanOrder> {
  const order = (await getOrder(read.userId, read.orderId)) ?? read;
  const attempt = order.gatewayRefund;
  if (!refundAwaitsPerson(attempt))
    throw new Conflict(
      attempt?.state === 'done'
        ? 'This refund is already recorded as done'
        : attempt?.state === 'sending'
          ? 'A refund of this order is being sent: wait a minute'
          : 'No refund of this order to the payment method waits for a person',
    );
  if (outcome === 'refunded') return refundDone(order, alsoWrite, operatorId);
  try {
    await transact([gatewayRefundOutcomeItem(order, { state: 'released', resolvedBy: operatorId }, now()), ...alsoWrite]);
  } catch (error) {
    if (error instanceof TransactionCancelled) throw new Conflict('The refund changed meanwhile: read the order again');
    throw error;
  }
  return { ...order, gatewayRefund: { ...attempt!, state: 'released', resolvedBy: operatorId } };
}
