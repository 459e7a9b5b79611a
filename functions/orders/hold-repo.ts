/** Held orders' repo: the review queue, placing a hold on a placed order, and releasing one, each once. */
import type { Page, PageRequest } from '../shared/cursor';
import { queryPage, tableName } from '../shared/db';
import type { TransactionItem } from '../shared/transactions';
import { keys } from './keys';
import { orderFromItem } from './repo';
import type { PlanOrder } from './types';

/** The held orders, oldest first, a page at a time: Query gsi1 ORDERS#held (the review queue). */
export async function listHeldOrders(request: PageRequest): Promise<Page<PlanOrder>> {
  const page = await queryPage({ index: 'gsi1', key: 'gsi1pk', value: keys.heldQueue }, { ascending: true, ...request });
  return { ...page, items: page.items.map(orderFromItem) };
}

/**
 * A refund to the payment method in the way of a release or a new hold: being sent, unanswered or
 * refused (a person records what the gateway's panel shows first). The table's condition says the same.
 */
const noRefundUnderWay = '(attribute_not_exists(gatewayRefund) OR gatewayRefund.#state = :releasedRefund)';

/**
 * Holds a placed order that has not gone out yet (a payer search's "hold"), once: conditioned on it
 * waiting, not held already, its delivery as read (queued: it becomes `held`; none or manual: it
 * stays) and no refund under way. It moves to the review queue.
 */
export function placeHoldItem(order: PlanOrder, hold: NonNullable<PlanOrder['hold']>, now: string): TransactionItem {
  const queued = order.delivery?.state === 'queued';
  return {
    Update: {
      TableName: tableName,
      Key: keys.order(order.userId, order.orderId),
      UpdateExpression: `SET #hold = :hold, gsi1pk = :queue, updatedAt = :now${queued ? ', delivery.#state = :heldDelivery' : ''}`,
      ConditionExpression: [
        '#status = :pending',
        '(attribute_not_exists(#hold) OR #hold.#state <> :held)',
        order.delivery ? 'delivery.#state = :deliveryWas' : 'attribute_not_exists(delivery)',
        noRefundUnderWay,
      ].join(' AND '),
      ExpressionAttributeNames: { '#status': 'status', '#state': 'state', '#hold': 'hold' },
      ExpressionAttributeValues: {
        ':hold': hold,
        ':queue': keys.heldQueue,
        ':now': now,
        ':pending': 'pending',
        ':held': 'held',
        ':releasedRefund': 'released',
        ...(order.delivery ? { ':deliveryWas': order.delivery.state } : {}),
        ...(queued ? { ':heldDelivery': 'held' } : {}),
      },
    },
  };
}

/** A held order as its release leaves it: the hold decided, a held delivery `queued` again. */
export const releasedOrder = (order: PlanOrder, now: string): PlanOrder => ({
  ...order,
  hold: { ...order.hold!, state: 'released', decidedAt: now },
  ...(order.delivery?.state === 'held' ? { delivery: { ...order.delivery, state: 'queued' } } : {}),
});

/**
 * Releases a held order, once: conditioned on it still waiting and held, and on no refund under
 * way; its delivery goes back to `queued` (the delivery job, or the caller, starts it) and the
 * order back to its fulfilment queue.
 */
export function releaseHoldItem(order: PlanOrder, now: string): TransactionItem {
  const released = releasedOrder(order, now);
  const requeued = order.delivery?.state === 'held';
  return {
    Update: {
      TableName: tableName,
      Key: keys.order(order.userId, order.orderId),
      UpdateExpression: `SET #hold.#state = :released, #hold.decidedAt = :now, gsi1pk = :queue, updatedAt = :now${requeued ? ', delivery.#state = :queued' : ''}`,
      ConditionExpression: `#status = :pending AND #hold.#state = :held AND ${noRefundUnderWay}`,
      ExpressionAttributeNames: { '#status': 'status', '#state': 'state', '#hold': 'hold' },
      ExpressionAttributeValues: {
        ':released': 'released',
        ':now': now,
        ':queue': keys.fulfilmentQueue(released).gsi1pk,
        ':pending': 'pending',
        ':held': 'held',
        ':releasedRefund': 'released',
        ...(requeued ? { ':queued': 'queued' } : {}),
      },
    },
  };
}
