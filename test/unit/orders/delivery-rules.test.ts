import { describe, expect, it } from 'vitest';
import {
  costGuard,
  type DeliveryEvent,
  type DeliveryState,
  dueForDelivery,
  inquiryIntervalSeconds,
  nextDeliveryState,
  pastAskingWindow,
} from '../../../functions/orders/delivery-rules';

const states: DeliveryState[] = ['queued', 'delivering', 'unknown', 'delivered', 'failed', 'manual'];
const events: DeliveryEvent[] = ['send', 'delivered', 'pending', 'failed', 'refused', 'later', 'lost', 'fallBack'];

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

  it('never moves a delivery when the supplier said nothing of it (a rate limit, a refused question)', () => {
    for (const from of states) expect(nextDeliveryState(from, 'later'), from).toBeUndefined();
  });
});

describe('when the job acts', () => {
  const paidAt = '2026-11-26T00:00:00.000Z';
  const at = (seconds: number) => Date.parse(paidAt) + seconds * 1000;

  it('takes up a queued delivery only after its dispatcher had two spacings', () => {
    expect(dueForDelivery({ state: 'queued', attempts: 0 }, paidAt, at(119), 60)).toBe(false);
    expect(dueForDelivery({ state: 'queued', attempts: 0 }, paidAt, at(120), 60)).toBe(true);
  });

  it("asks no sooner than the supplier's spacing between calls (a minute at Digiflazz), doubling, at most an hour", () => {
    expect([1, 2, 3, 4, 7, 20].map((attempts) => inquiryIntervalSeconds(attempts, 60))).toEqual([60, 120, 240, 480, 3600, 3600]);
    const sent = { state: 'unknown' as const, attempts: 2, sentAt: paidAt };
    expect(dueForDelivery(sent, paidAt, at(119), 60)).toBe(false);
    expect(dueForDelivery(sent, paidAt, at(120), 60)).toBe(true);
    expect(dueForDelivery({ ...sent, state: 'delivered' }, paidAt, at(3600), 60)).toBe(false);
  });

  it('asks about one its shopper reported missing since the last call as soon as the spacing allows, however old it is', () => {
    const old = { state: 'delivering' as const, attempts: 7, sentAt: paidAt };
    expect(dueForDelivery(old, paidAt, at(600), 60)).toBe(false);
    const reported = { ...old, shopperAskedAt: new Date(at(30)).toISOString() };
    expect(dueForDelivery(reported, paidAt, at(59), 60)).toBe(false);
    expect(dueForDelivery(reported, paidAt, at(60), 60)).toBe(true);
    // Asked since (sentAt moved on): back to the usual back-off.
    expect(dueForDelivery({ ...reported, sentAt: new Date(at(60)).toISOString() }, paidAt, at(200), 60)).toBe(false);
  });

  it('stops asking a day before the supplier would take a question for a new top-up (Digiflazz: 90 days)', () => {
    const day = 86_400;
    expect(pastAskingWindow(paidAt, at(88 * day), 90)).toBe(false);
    expect(pastAskingWindow(paidAt, at(89 * day), 90)).toBe(true);
  });
});

describe('the cost guard', () => {
  it('stops a sale at or below cost', () => {
    expect(costGuard(75, 68)).toBeUndefined();
    expect(costGuard(68, 68)).toMatch(/not above/);
    expect(costGuard(60, 68)).toMatch(/not above/);
  });
});
