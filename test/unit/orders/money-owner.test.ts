import { describe, expect, it } from 'vitest';
import { deliveryInTheWay, moveBlocked, movedSinceSeen, refundAwaitsPerson, refundInTheWay } from '../../../functions/orders/order-rules';
import type { GatewayRefund, PlanOrder } from '../../../functions/orders/types';
import { rateUnits, supplierUnitsOf, takaOf, takaWorthOf } from '../../../functions/suppliers/exchange';

type Facts = Pick<PlanOrder, 'status' | 'delivery' | 'gatewayRefund'>;
const now = Date.parse('2026-11-27T10:00:00.000Z');
/** A refund attempt started `secondsAgo` before `from` (the clock the rules read unless told another). */
const attempt = (state: GatewayRefund['state'], secondsAgo = 5, from = Date.now()): GatewayRefund => ({
  state,
  at: new Date(from - secondsAgo * 1000).toISOString(),
  remark: 'Wrong ID',
});
const delivering = (state: NonNullable<PlanOrder['delivery']>['state']): Facts['delivery'] => ({ mode: 'supplier', state, attempts: 1 });

describe("one owner of an order's money", () => {
  it('holds a refund while the automatic delivery of a waiting order is open, and never a completion', () => {
    for (const state of ['queued', 'delivering', 'unknown'] as const) {
      const order: Facts = { status: 'pending', delivery: delivering(state) };
      expect(moveBlocked(order, 'refund'), state).toMatch(/still under way/);
      expect(moveBlocked(order, 'complete'), state).toBeUndefined();
    }
    for (const state of ['manual', 'delivered', 'failed'] as const)
      expect(deliveryInTheWay({ status: 'pending', delivery: delivering(state) })).toBeUndefined();
    // An operator completed it by hand: the delivery can no longer move money, the refund is theirs to make.
    expect(moveBlocked({ status: 'completed', delivery: delivering('delivering') }, 'refund')).toBeUndefined();
  });

  it('holds every move while a refund to the payment method is being sent, got no answer or was refused, until a person records the panel', () => {
    expect(refundInTheWay({ status: 'pending', gatewayRefund: attempt('sending') })).toMatch(/is being sent/);
    expect(refundInTheWay({ status: 'pending', gatewayRefund: attempt('unknown') })).toMatch(/got no answer/);
    expect(refundInTheWay({ status: 'completed', gatewayRefund: attempt('refused') })).toMatch(/was refused/);
    for (const state of ['released', 'done'] as const)
      expect(refundInTheWay({ status: 'pending', gatewayRefund: attempt(state) })).toBeUndefined();
    expect(moveBlocked({ status: 'pending', gatewayRefund: attempt('unknown') }, 'complete')).toMatch(/record what it shows/);
  });

  it('treats a refund still sending a minute after it started as unanswered: its sender died', () => {
    expect(refundAwaitsPerson(attempt('sending', 59, now), now)).toBe(false);
    expect(refundAwaitsPerson(attempt('sending', 60, now), now)).toBe(true);
    expect(refundAwaitsPerson(attempt('unknown', 5, now), now)).toBe(true);
    expect(refundAwaitsPerson(attempt('refused', 5, now), now)).toBe(true);
    expect(refundAwaitsPerson(attempt('released', 5, now), now)).toBe(false);
    expect(refundAwaitsPerson(undefined, now)).toBe(false);
  });

  it('refuses a refund on a stale sight: the order the operator saw waiting was delivered meanwhile', () => {
    expect(movedSinceSeen({ status: 'completed' }, 'pending')).toMatch(/delivered meanwhile/);
    expect(movedSinceSeen({ status: 'refunded' }, 'pending')).toBe('Order is already refunded');
    expect(movedSinceSeen({ status: 'pending' }, 'pending')).toBeUndefined();
    expect(movedSinceSeen({ status: 'completed' }, undefined)).toBeUndefined();
  });
});

describe('taka and a supplier’s currency', () => {
  it('reads a rate of at most four decimals above zero, and nothing else', () => {
    expect(rateUnits('133')).toBe(1_330_000);
    expect(rateUnits('133.25')).toBe(1_332_500);
    expect(rateUnits('0.0001')).toBe(1);
    for (const bad of ['0', '0.0000', '-1', '1e3', '133.12345', 'abc', '']) expect(rateUnits(bad), bad).toBeUndefined();
  });

  it('never sends more than the cost buys, and counts what was paid as never less than it cost', () => {
    expect(supplierUnitsOf(68, '133')).toBe(9_044);
    expect(supplierUnitsOf(68, '133.33')).toBe(9_066);
    expect(takaOf(9_000, '133')).toBe(68);
    expect(takaOf(9_044, '133')).toBe(68);
    expect(takaOf(9_045, '133')).toBe(69);
    expect(takaWorthOf(9_044, '133')).toBe(68);
    expect(takaWorthOf(9_043, '133')).toBe(67);
  });
});
