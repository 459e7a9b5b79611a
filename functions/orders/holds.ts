/**
 * Held orders (risk/holds.ts has the rules): placing an order held, holding a placed one that has
 * not gone out, and releasing one, each once. A held order's refund is the orders' own refund
 * (to the wallet, or to the payment method), whose write decides the hold.
 */
import { orderHeldAlert, orderWaitingAlert } from '../notifications/alerts';
import { type Hold, isHeld } from '../risk/holds';
import { Conflict, NotFound } from '../shared/errors';
import { retrying } from '../shared/retry';
import { TransactionCancelled, type TransactionItem, transact } from '../shared/transactions';
import { startDeliveryAfterPlacing } from './delivery';
import { placeHoldItem, releaseHoldItem, releasedOrder } from './hold-repo';
import { refundInTheWay } from './order-rules';
import { holdEventItem } from './report-events';
import { getOrder } from './repo';
import type { PlanOrder } from './types';

/** The operators' alert of a paid order with no automatic delivery (the manual queue), for the transaction that records it. */
const waitingAlertItems = (order: PlanOrder): TransactionItem[] =>
  order.delivery ? [] : [orderWaitingAlert(order, order.accountType ? 'A game-account login' : '', order.paidAt)];

/**
 * An order under `hold` (none: as it is): a delivery not yet started becomes `held`, so nothing
 * sends or claims it; one in the operators' queue stays there, held (as `placeHoldItem` writes it).
 */
export const placedHeld = (order: PlanOrder, hold: Hold | undefined): PlanOrder =>
  hold ? { ...order, hold, ...(order.delivery?.state === 'queued' ? { delivery: { ...order.delivery, state: 'held' } } : {}) } : order;

/** What placing an order writes beside it: the operators' alert of a hold, or of a manual order waiting. */
export const placedAlertItems = (order: PlanOrder): TransactionItem[] =>
  isHeld(order) ? [orderHeldAlert(order, order.hold!, order.paidAt)] : waitingAlertItems(order);

/** What placing an order held writes for the reports: its hold (none for an order not held). */
export const placedHoldEventItems = (order: PlanOrder): TransactionItem[] =>
  isHeld(order) ? [holdEventItem(order, order.hold!, 'held', order.hold!.at)] : [];

/** Whether a placed order may still be held: waiting, not held, not gone out (no delivery, queued or manual), no refund under way. */
export const mayBeHeld = (order: PlanOrder) =>
  order.status === 'pending' &&
  !isHeld(order) &&
  (!order.delivery || order.delivery.state === 'queued' || order.delivery.state === 'manual') &&
  (!order.gatewayRefund || order.gatewayRefund.state === 'released');

/**
 * Holds a placed order that has not gone out (a payer search), once, with `alsoWrite` (the audit
 * entry), the operators' alert and the hold's report event; answers undefined when it went out or was decided meanwhile.
 */
export async function holdPlacedOrder(read: PlanOrder, hold: Hold, alsoWrite: TransactionItem[]): Promise<PlanOrder | undefined> {
  return retrying(
    async (tryNumber) => {
      const order = tryNumber === 1 ? read : await getOrder(read.userId, read.orderId);
      if (!order || !mayBeHeld(order)) return undefined;
      const held = placedHeld(order, hold);
      await transact([
        placeHoldItem(order, hold, hold.at),
        orderHeldAlert(order, hold, hold.at),
        holdEventItem(order, hold, 'held', hold.at),
        ...alsoWrite,
      ]);
      return held;
    },
    (error) => error instanceof TransactionCancelled,
  );
}

/**
 * Releases a held order, once (parallel clicks: one moves it, the others are told it was decided):
 * its delivery goes on (a stock code at once; a supplier's top-up by the delivery job within a
 * minute, from the stage's fixed address), and a manual order joins the operators' queue; the
 * release's report event goes in the same write. No alert goes with it: the operator who released it is the one looking.
 */
export async function releaseOrder(read: PlanOrder, alsoWrite: TransactionItem[]): Promise<PlanOrder> {
  const released = await retrying(
    async (tryNumber) => {
      const order = tryNumber === 1 ? read : await getOrder(read.userId, read.orderId);
      if (!order) throw new NotFound('Order not found');
      if (!isHeld(order))
        throw new Conflict(
          order.hold?.state === 'refunded' || order.status === 'refunded'
            ? 'This order was refunded meanwhile'
            : 'This order is not held (it was released meanwhile)',
        );
      const inTheWay = refundInTheWay(order);
      if (inTheWay) throw new Conflict(inTheWay);
      const now = new Date().toISOString();
      await transact([releaseHoldItem(order, now), holdEventItem(order, order.hold!, 'released', now), ...alsoWrite]);
      return releasedOrder(order, now);
    },
    (error) => error instanceof TransactionCancelled,
  );
  return startDeliveryAfterPlacing(released);
}
