import { GatewayError } from '../gateway/port';
import { bookLineItem } from '../gateway/repo';
import { uddoktaPay } from '../gateway/uddoktapay';
import {
  type GatewayRefund,
  type PlanOrder,
  gatewayRefundDoneItem,
  gatewayRefundOutcomeItem,
  getOrder,
  startGatewayRefundItem,
} from '../orders/repo';
import { requireMove } from '../orders/service';
import { Conflict, ServiceUnavailable } from '../shared/errors';
import { logger } from '../shared/logger';
import { TransactionCancelled, type TransactionItem, transact } from '../shared/transactions';
import { verifyInvoice } from './verify';

const now = () => new Date().toISOString();

/** The refund closed as done: the order refunded, and the day book's refund line (one per invoice, ever). */
async function refundDone(order: PlanOrder, from: GatewayRefund['state']): Promise<PlanOrder> {
  const at = now();
  const receipt = order.receipt!;
  await transact([
    gatewayRefundDoneItem(order, from, at),
    bookLineItem({
      kind: 'refund',
      at,
      reference: { kind: 'order', userId: order.userId, id: order.orderId },
      amount: order.price,
      receipt,
    }),
  ]);
  logger.info('refund through the gateway done', { orderId: order.orderId, invoiceId: receipt.invoiceId, amount: order.price });
  return {
    ...order,
    status: 'refunded',
    remark: order.gatewayRefund?.remark ?? order.remark,
    refundedAt: at,
    gatewayRefund: { ...order.gatewayRefund!, state: 'done' },
  };
}

/**
 * A refund whose call timed out or failed in a way that says nothing: the gateway is asked what
 * became of the payment (verify shows REFUNDED once refunded), never called again blindly.
 */
async function askAboutRefund(order: PlanOrder): Promise<PlanOrder> {
  let status: string;
  try {
    status = (await verifyInvoice(order.receipt!.invoiceId)).status;
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    throw new ServiceUnavailable(
      'The gateway did not say whether the refund went through. Ask again in a few minutes: it will not be sent twice.',
    );
  }
  if (status === 'REFUNDED') return refundDone(order, 'unknown');
  throw new Conflict(
    "The gateway does not show this refund yet. Check the gateway's panel before anything else: the refund will not be sent twice.",
  );
}

/**
 * Sends a gateway-paid order's money back to the payer's bKash/Nagad through the gateway's refund
 * API, exactly once. The order as the caller read it must allow a refund (`requireMove`); the rest
 * works on a strongly consistent read of it: the intent (and `alsoWrite`, the operator's audit
 * entry) is written before the call, conditioned so that parallel clicks start one refund; the
 * order's id is in the refund's reason, so the gateway's panel names it. A refusal leaves the order
 * unrefunded with the gateway's reason; a timeout is asked about, never repeated.
 */
export async function refundThroughGateway(read: PlanOrder, remark: string, alsoWrite: TransactionItem[] = []): Promise<PlanOrder> {
  requireMove(read, 'refund');
  const order = (await getOrder(read.userId, read.orderId)) ?? read;
  const receipt = order.receipt;
  if (order.paidFrom !== 'gateway' || !receipt?.transactionId)
    throw new Conflict('This order was not paid through the gateway: refund it to the wallet');
  if (order.gatewayRefund?.state === 'unknown') return askAboutRefund(order);
  if (order.gatewayRefund?.state === 'sending') throw new Conflict('A refund of this order is already under way');
  const started = now();
  try {
    await transact([startGatewayRefundItem(order, remark, started), ...alsoWrite]);
  } catch (error) {
    if (error instanceof TransactionCancelled) throw new Conflict('A refund of this order is already under way');
    throw error;
  }
  const sending: PlanOrder = { ...order, gatewayRefund: { state: 'sending', at: started, remark } };
  try {
    await uddoktaPay.refund({
      transactionId: receipt.transactionId,
      paymentMethod: receipt.paymentMethod,
      amount: order.price,
      productName: order.planName,
      reason: `Order ${order.orderId}: ${remark}`.slice(0, 200),
    });
  } catch (error) {
    const refused = error instanceof GatewayError && error.kind === 'refused';
    await transact([
      gatewayRefundOutcomeItem(order, 'sending', refused ? { state: 'refused', reason: error.message } : { state: 'unknown' }, now()),
    ]);
    if (refused) throw new Conflict(`The gateway refused the refund: ${error.message}`);
    logger.warn('refund through the gateway unanswered', { orderId: order.orderId, invoiceId: receipt.invoiceId });
    return askAboutRefund({ ...sending, gatewayRefund: { ...sending.gatewayRefund!, state: 'unknown' } });
  }
  return refundDone(sending, 'sending');
}
