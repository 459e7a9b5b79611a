import { describe, expect, it } from 'vitest';
import { nextStatus } from '../../../functions/orders/order-rules';

describe("an order's lifecycle", () => {
  it('completes a pending order only', () => {
    expect(nextStatus('pending', 'complete')).toEqual({ status: 'completed' });
    expect(nextStatus('completed', 'complete')).toEqual({ refused: 'Order is already completed' });
    expect(nextStatus('refunded', 'complete')).toEqual({ refused: 'Order is already refunded' });
  });

  it('refunds a pending or completed order, never twice', () => {
    expect(nextStatus('pending', 'refund')).toEqual({ status: 'refunded' });
    expect(nextStatus('completed', 'refund')).toEqual({ status: 'refunded' });
    expect(nextStatus('refunded', 'refund')).toEqual({ refused: 'Order is already refunded' });
  });
});
