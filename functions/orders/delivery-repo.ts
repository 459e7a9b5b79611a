/** The delivery moves' repo: the open automatic deliveries, the queues' counts, and the conditional move of a delivery's state. */
import type { Page, PageRequest } from '../shared/cursor';
import { countPartition, queryPage, tableName } from '../shared/db';
import type { TransactionItem } from '../shared/transactions';
import type { DeliveryState } from './delivery-rules';
import { keys } from './keys';
import { orderFromItem } from './repo';
import type { Delivery, OrderStatus, PlanOrder } from './types';

/** The orders whose automatic delivery is under way, a page at a time, oldest first: Query gsi1 ORDERS#delivering. */
export async function listOpenDeliveries(request: PageRequest): Promise<Page<PlanOrder>> {
  const page = await queryPage({ index: 'gsi1', key: 'gsi1pk', value: keys.deliveryQueue }, { ascending: true, ...request });
  return { ...page, items: page.items.map(orderFromItem) };
}

/**
 * How many orders of a fulfilment queue (the operators' `pending`, or the automatic deliveries
 * under way) were paid before `before`: Query gsi1 ORDERS#<queue> with gsi1sk < `before` (placed
 * before it, as a payment comes after its order), filtered on `paidAt`, count only. It reads only
 * the orders placed before `before`, however long the queue.
 */
export const countQueuedPaidBefore = (queue: 'pending' | 'delivering', before: string) =>
  countPartition(
    {
      index: 'gsi1',
      key: 'gsi1pk',
      value: queue === 'pending' ? keys.queue('pending') : keys.deliveryQueue,
      sortKey: 'gsi1sk',
      sortBelow: before,
    },
    { expression: 'attribute_not_exists(#paidAt) OR #paidAt < :before', names: { '#paidAt': 'paidAt' }, values: { ':before': before } },
  );

/** What a delivery move writes besides the state: the fields it sets on the delivery, and the order's own. */
export interface DeliveryMove {
  to: DeliveryState;
  /** Fields of the delivery to set (attempts, sentAt, serial, reason, code, deliveredAt). */
  delivery?: Partial<Omit<Delivery, 'state' | 'mode'>>;
  /** The shopper-facing remark of a closed order. */
  remark?: string;
}

/**
 * Moves an automatic delivery from the state that was read, once: conditioned on the order still
 * waiting (an operator who took it over wins) and on its delivery state and attempts being those
 * read, so that parallel inquiries, replayed callbacks and the first send never both move it.
 * Delivered completes the order, failed refunds it (the caller adds the credit to the same
 * transaction), manual puts it in the operators' queue; both closed ones drop the game-account
 * secret and leave the delivery queue.
 */
export function deliveryMoveItem(order: PlanOrder, move: DeliveryMove, now: string): TransactionItem {
  const from = order.delivery!;
  const sets: string[] = ['delivery.#state = :to', 'updatedAt = :now'];
  const values: Record<string, unknown> = {
    ':to': move.to,
    ':now': now,
    ':from': from.state,
    ':attempts': from.attempts,
    ':pending': 'pending',
    ':accountId': order.accountId,
  };
  const names: Record<string, string> = { '#state': 'state', '#status': 'status', '#attempts': 'attempts' };
  const fields = Object.entries(move.delivery ?? {}).filter(([, value]) => value !== undefined);
  for (const [i, [name, value]] of fields.entries()) {
    sets.push(`delivery.#d${i} = :d${i}`);
    names[`#d${i}`] = name;
    values[`:d${i}`] = value;
  }
  let remove = '';
  if (move.to === 'delivered' || move.to === 'failed') {
    const status: OrderStatus = move.to === 'delivered' ? 'completed' : 'refunded';
    sets.push(
      '#status = :status',
      'gsi1pk = :queue',
      `${move.to === 'delivered' ? 'completedAt' : 'refundedAt'} = :now`,
      'remark = :remark',
    );
    Object.assign(values, { ':status': status, ':queue': keys.queue(status), ':remark': move.remark ?? '' });
    remove = ' REMOVE sealedSecret';
  } else if (move.to === 'manual') {
    sets.push('gsi1pk = :queue');
    values[':queue'] = keys.queue('pending');
  }
  return {
    Update: {
      TableName: tableName,
      Key: keys.order(order.userId, order.orderId),
      UpdateExpression: `SET ${sets.join(', ')}${remove}`,
      // A refund to the payment method is never started beside an open delivery; should one exist, it
      // decides. The player ID is the one read: a claim's correction before the send makes a stale send read again.
      ConditionExpression:
        '#status = :pending AND delivery.#state = :from AND delivery.#attempts = :attempts AND attribute_not_exists(gatewayRefund) AND accountId = :accountId',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}
