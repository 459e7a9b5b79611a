import { describe, expect, it, vi } from 'vitest';

vi.stubEnv('GATEWAY_URL', 'http://127.0.0.1:9');
const { outcomeOf } = await import('../../../functions/gateway/uddoktapay');

describe("what UddoktaPay's verify status means for the shop", () => {
  it('pays on COMPLETED only; PENDING waits; REFUNDED was given back', () => {
    expect(outcomeOf('COMPLETED')).toBe('paid');
    expect(outcomeOf('PENDING')).toBe('pending');
    expect(outcomeOf('REFUNDED')).toBe('refunded');
  });

  it('fails for good on ERROR and the newer installs’ failure words, and reads any other word as unknown (not paid, not given up)', () => {
    for (const status of ['ERROR', 'FAILED', 'CANCELLED', 'CANCELED', 'REJECTED', 'EXPIRED'])
      expect(outcomeOf(status), status).toBe('failed');
    for (const status of ['PROCESSING', '', 'completed']) expect(outcomeOf(status), status).toBe('unknown');
  });
});
