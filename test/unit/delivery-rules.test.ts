import { describe, expect, it } from 'vitest';
import {
  costGuard,
  type DeliveryEvent,
  type DeliveryState,
  dueForDelivery,
  inquiryIntervalSeconds,
  nextDeliveryState,
} from '../../functions/orders/delivery-rules';

const states: DeliveryState[] = ['queued', 'delivering', 'unknown', 'delivered', 'failed', 'manual'];
const events: DeliveryEvent[] = ['send', 'delivered', 'pending', 'failed', 'refused', 'lost', 'fallBack'];

describe('the delivery state machine', () => {
  it('sends a queued delivery once, and never sends again', () => {
    expect(nextDeliveryState('queued', 'send')).toBe('delivering');
    for (const state of states.filter((state) => state !== 'queued')) expect(nextDeliveryState(state, 'send'), state).toBeUndefined();
  });

  it('turns a lost answer into unknown, which is only ever asked about', () => {
    expect(nextDeliveryState('delivering', 'lost')).toBe('unknown');
    expect(nextDeliveryState('unknown', 'lost')).toBeUndefined();
    expect(nextDeliveryState('unknown', 'pending')).toBe('delivering');
    expect(nextDeliveryState('unknown', 'delivered')).toBe('delivered');
    expect(nextDeliveryState('unknown', 'failed')).toBe('failed');
  });

  it('closes on delivered, failed or a fall back to the queue, from any open state', () => {
    for (const from of ['queued', 'delivering', 'unknown'] as const) {
      expect(nextDeliveryState(from, 'delivered')).toBe('delivered');
      expect(nextDeliveryState(from, 'failed')).toBe('failed');
      expect(nextDeliveryState(from, 'refused')).toBe('manual');
      expect(nextDeliveryState(from, 'fallBack')).toBe('manual');
    }
  });

  it('never moves a closed delivery: late, replayed or contradicting outcomes change nothing', () => {
    for (const from of ['delivered', 'failed', 'manual'] as const)
      for (const event of events) expect(nextDeliveryState(from, event), `${from} + ${event}`).toBeUndefined();
  });

  it('leaves a delivery that is pending at the supplier as it is', () => {
    expect(nextDeliveryState('delivering', 'pending')).toBeUndefined();
  });
});

describe('when the job acts', () => {
  const paidAt = '2026-11-26T00:00:00.000Z';
  const at = (seconds: number) => Date.parse(paidAt) + seconds * 1000;

  it('takes up a queued delivery only after its inline dispatch had time', () => {
    expect(dueForDelivery({ state: 'queued', attempts: 0 }, paidAt, at(29))).toBe(false);
    expect(dueForDelivery({ state: 'queued', attempts: 0 }, paidAt, at(30))).toBe(true);
  });

  it('asks less often as a delivery ages: 15 s, doubling, at most 10 minutes', () => {
    expect([1, 2, 3, 4, 10].map((attempts) => inquiryIntervalSeconds(attempts))).toEqual([15, 30, 60, 120, 600]);
    const sent = { state: 'unknown' as const, attempts: 2, sentAt: paidAt };
    expect(dueForDelivery(sent, paidAt, at(29))).toBe(false);
    expect(dueForDelivery(sent, paidAt, at(30))).toBe(true);
    expect(dueForDelivery({ ...sent, state: 'delivered' }, paidAt, at(3600))).toBe(false);
  });
});

describe('the cost guard', () => {
  it('stops a sale at or below cost', () => {
    expect(costGuard(75, 68)).toBeUndefined();
    expect(costGuard(68, 68)).toMatch(/not above/);
    expect(costGuard(60, 68)).toMatch(/not above/);
  });
});
