/** The refunds to the payment method: an order's gateway refund attempt, started, answered and closed, once each. */
import { tableName } from '../shared/db';
import type { TransactionItem } from '../shared/transactions';
import { keys } from './keys';
import { holdRefundedSet, moneyOwnerConditions } from './repo';
import type { GatewayRefund, PlanOrder } from './types';

/**
 * Starts a refund through the gateway, once: the intent is written (conditioned on the status read,
 * on no other attempt under way or waiting for a person, and on no open delivery) before the
 * gateway is called, so parallel clicks send one refund and a delivery's outcome cannot also move
 * the money.
 */
export function startGatewayRefundItem(order: PlanOrder, remark: string, now: string): TransactionItem {
  const refund: GatewayRefund = { state: 'sending', at: now, remark };
  const owner = moneyOwnerConditions(order, ['refused', 'released'], 'refund');
  return {
    Update: {
      TableName: tableName,
      Key: keys.order(order.userId, order.orderId),
      UpdateExpression: 'SET gatewayRefund = :refund, updatedAt = :now',
      ConditionExpression: `#status = :from AND ${owner.condition}`,
      ExpressionAttributeNames: { '#status': 'status', '#state': 'state', '#hold': 'hold' },
      ExpressionAttributeValues: { ':refund': refund, ':now': now, ':from': order.status, ...owner.values },
    },
  };
}

/**
 * Moves the refund attempt that was read (its state and `at`) to unknown, refused or released;
 * the order's status does not change. `resolvedBy` names the operator who recorded what the
 * gateway's panel showed.
 */
export function gatewayRefundOutcomeItem(
  order: PlanOrder,
  outcome: Pick<GatewayRefund, 'state' | 'reason' | 'resolvedBy'>,
  now: string,
): TransactionItem {
  const attempt = order.gatewayRefund!;
  return {
    Update: {
      TableName: tableName,
      Key: keys.order(order.userId, order.orderId),
      UpdateExpression: `SET gatewayRefund.#state = :to, gatewayRefund.reason = :reason, updatedAt = :now${outcome.resolvedBy ? ', gatewayRefund.resolvedBy = :by' : ''}`,
      ConditionExpression: 'gatewayRefund.#state = :from AND gatewayRefund.#at = :at',
      ExpressionAttributeNames: { '#state': 'state', '#at': 'at' },
      ExpressionAttributeValues: {
        ':to': outcome.state,
        ':reason': outcome.reason ?? attempt.reason ?? '',
        ':from': attempt.state,
        ':at': attempt.at,
        ':now': now,
        ...(outcome.resolvedBy ? { ':by': outcome.resolvedBy } : {}),
      },
    },
  };
}

/**
 * Closes the refund attempt that was read as done: the order moves to refunded (out of its queue)
 * with the attempt's remark, once, and drops its game-account secret.
 */
export function gatewayRefundDoneItem(order: PlanOrder, now: string, resolvedBy?: string): TransactionItem {
  const attempt = order.gatewayRefund!;
  return {
    Update: {
      TableName: tableName,
      Key: keys.order(order.userId, order.orderId),
      UpdateExpression: `SET #status = :refunded, gsi1pk = :queue, remark = gatewayRefund.remark, refundedAt = :now, gatewayRefund.#state = :done, updatedAt = :now${resolvedBy ? ', gatewayRefund.resolvedBy = :by' : ''}${order.hold?.state === 'held' ? holdRefundedSet : ''} REMOVE sealedSecret`,
      ConditionExpression: 'gatewayRefund.#state = :from AND gatewayRefund.#at = :at AND #status <> :refunded',
      ExpressionAttributeNames: {
        '#status': 'status',
        '#state': 'state',
        '#at': 'at',
        ...(order.hold?.state === 'held' ? { '#hold': 'hold' } : {}),
      },
      ExpressionAttributeValues: {
        ':refunded': 'refunded',
        ':queue': keys.queue('refunded'),
        ':done': 'done',
        ':from': attempt.state,
        ':at': attempt.at,
        ':now': now,
        ...(resolvedBy ? { ':by': resolvedBy } : {}),
        ...(order.hold?.state === 'held' ? { ':holdRefunded': 'refunded' } : {}),
      },
    },
  };
}
