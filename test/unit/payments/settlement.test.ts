import { describe, expect, it } from 'vitest';
import { type PaymentOutcome, isExactly, paisaOf } from '../../../functions/gateway/port';
import { dueForCheck, settlementOf, stateAfter } from '../../../functions/payments/settlement';

const payment = (outcome: PaymentOutcome, amount = '500.00', invoiceId = 'INV1') => ({ outcome, amount, invoiceId });

describe('gateway amounts', () => {
  it('are decimal strings compared exactly, never as floats', () => {
    expect(paisaOf('500.00')).toBe(50_000);
    expect(paisaOf('9.25')).toBe(925);
    expect(paisaOf('0.1')).toBe(10);
    expect(isExactly('500.00', 500)).toBe(true);
    expect(isExactly('500', 500)).toBe(true);
    expect(isExactly('500.01', 500)).toBe(false);
    for (const odd of ['5e2', '-500', '500.001', ' ', '', '0x1F4', '500.00.0']) expect(isExactly(odd, 500), odd).toBe(false);
  });
});

describe('the settlement rule', () => {
  const pending = { state: 'pending' as const, amount: 500 };

  it('completes a waiting payable only when paid, and exactly its amount', () => {
    expect(settlementOf(pending, payment('paid'))).toEqual({ action: 'complete' });
    expect(settlementOf(pending, payment('paid', '499.99'))).toMatchObject({ action: 'review' });
    for (const status of ['pending', 'refunded', 'unknown'] as const)
      expect(settlementOf(pending, payment(status))).toEqual({ action: 'record' });
  });

  it('records the invoice of a waiting payment once, and cancels on a failure of its own invoice only', () => {
    const known = { ...pending, invoiceId: 'INV1' };
    expect(settlementOf(known, payment('pending'))).toEqual({ action: 'none' });
    expect(settlementOf(known, payment('failed'))).toEqual({ action: 'cancel', reason: 'Payment failed' });
    expect(settlementOf(known, payment('failed', '500.00', 'INV2'))).toEqual({ action: 'none' });
    expect(settlementOf(pending, payment('failed'))).toEqual({ action: 'cancel', reason: 'Payment failed' });
  });

  it('honours money paid after the payable was given up, whatever the reason, and never pays twice', () => {
    for (const cancelled of [
      { state: 'cancelled' as const, amount: 500 },
      { state: 'cancelled' as const, amount: 500, invoiceId: 'OLD' },
    ]) {
      expect(settlementOf(cancelled, payment('paid'))).toEqual({ action: 'complete' });
      expect(settlementOf(cancelled, payment('failed'))).toEqual({ action: 'none' });
    }
    const paid = { state: 'completed' as const, amount: 500, invoiceId: 'INV1' };
    expect(settlementOf(paid, payment('paid'))).toEqual({ action: 'none' });
    expect(settlementOf(paid, payment('paid', '500.00', 'INV2'))).toMatchObject({ action: 'review' });
  });
});

describe('the settlement rule, branch by branch', () => {
  it('leaves a paid payable alone whatever else its invoice says', () => {
    const paid = { state: 'completed' as const, amount: 500, invoiceId: 'INV1' };
    for (const status of ['pending', 'failed', 'refunded'] as const) {
      expect(settlementOf(paid, payment(status))).toEqual({ action: 'none' });
      expect(settlementOf(paid, payment(status, '500.00', 'INV2'))).toEqual({ action: 'none' });
    }
    expect(settlementOf({ state: 'completed', amount: 500 }, payment('paid', '500.00', 'INV2'))).toEqual({
      action: 'review',
      reason: 'a second payment for a paid payable',
      paidAgain: true,
    });
  });

  it('sends a payment of another amount to a person, waiting or given up', () => {
    for (const state of ['pending', 'cancelled'] as const)
      for (const amount of ['499.99', '500.01', '5e2'])
        expect(settlementOf({ state, amount: 500 }, payment('paid', amount))).toEqual({
          action: 'review',
          reason: 'amount differs from the payable',
        });
  });

  it('records nothing on a payable given up on while its payment still waits', () => {
    expect(settlementOf({ state: 'cancelled', amount: 500 }, payment('pending'))).toEqual({ action: 'none' });
    expect(settlementOf({ state: 'cancelled', amount: 500, invoiceId: 'INV1' }, payment('pending'))).toEqual({ action: 'none' });
  });

  it('moves the payable only on complete and cancel', () => {
    const pending = { state: 'pending' as const, amount: 500 };
    expect(stateAfter(pending, { action: 'complete' })).toBe('completed');
    expect(stateAfter({ ...pending, state: 'cancelled' }, { action: 'complete' })).toBe('completed');
    expect(stateAfter(pending, { action: 'cancel', reason: 'Payment failed' })).toBe('cancelled');
    for (const settlement of [{ action: 'none' }, { action: 'record' }, { action: 'review', reason: 'x' }] as const)
      for (const state of ['pending', 'cancelled', 'completed'] as const)
        expect(stateAfter({ state, amount: 500 }, settlement)).toBe(state);
  });
});

describe("the reconciler's back-off", () => {
  const created = Date.parse('2026-11-25T00:00:00Z');
  const at = (minutes: number) => new Date(created + minutes * 60_000).toISOString();

  it('asks at once, then after half the age at the last check, from 3 minutes to 2 hours', () => {
    expect(dueForCheck({ createdAt: at(0) }, created)).toBe(true);
    expect(dueForCheck({ createdAt: at(0), checkedAt: at(4) }, created + 6 * 60_000)).toBe(false);
    expect(dueForCheck({ createdAt: at(0), checkedAt: at(4) }, created + 7 * 60_000)).toBe(true);
    expect(dueForCheck({ createdAt: at(0), checkedAt: at(60) }, created + 89 * 60_000)).toBe(false);
    expect(dueForCheck({ createdAt: at(0), checkedAt: at(60) }, created + 90 * 60_000)).toBe(true);
    expect(dueForCheck({ createdAt: at(0), checkedAt: at(40 * 60) }, created + (40 * 60 + 119) * 60_000)).toBe(false);
    expect(dueForCheck({ createdAt: at(0), checkedAt: at(40 * 60) }, created + (40 * 60 + 120) * 60_000)).toBe(true);
  });

  it('waits at least 3 minutes after a check made at creation, and asks a never-checked payment whatever the time', () => {
    expect(dueForCheck({ createdAt: at(0), checkedAt: at(0) }, created + 3 * 60_000 - 1)).toBe(false);
    expect(dueForCheck({ createdAt: at(0), checkedAt: at(0) }, created + 3 * 60_000)).toBe(true);
    expect(dueForCheck({ createdAt: at(0) }, created - 60_000)).toBe(true);
  });
});
