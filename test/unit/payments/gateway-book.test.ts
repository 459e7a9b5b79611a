import { describe, expect, it, vi } from 'vitest';
import { gatewayTimeOf } from '../../../functions/gateway/port';

vi.stubEnv('TABLE_NAME', 'book-test');
const { bookLineItem } = await import('../../../functions/gateway/repo');

const receipt = {
  invoiceId: 'INV0001',
  paymentMethod: 'bkash',
  senderNumber: '',
  transactionId: 'TX1',
  fee: '0.00',
  chargedAmount: '75.00',
};

describe("the gateway's day book", () => {
  it("reads the gateway's own time of a payment as Bangladesh time, and nothing else", () => {
    expect(gatewayTimeOf('2026-11-26 23:59:30')).toBe('2026-11-26T17:59:30.000Z');
    expect(gatewayTimeOf('2026-11-27 00:10:00')).toBe('2026-11-26T18:10:00.000Z');
    for (const bad of ['', '2026-11-26', '2026-11-26T23:59:30Z', '2026-02-30 10:00:00', 'yesterday'])
      expect(gatewayTimeOf(bad), bad).toBeUndefined();
  });

  it("dates a payment by the gateway's time (a payment at 23:59 settled after midnight is the day before), else by ours", () => {
    const line = { kind: 'payment' as const, reference: { kind: 'order' as const, userId: 'U1', id: 'O1' }, amount: 75, receipt };
    const settledAfterMidnight = '2026-11-26T18:02:00.000Z';
    const dated = bookLineItem({ ...line, at: settledAfterMidnight, paidAt: gatewayTimeOf('2026-11-26 23:59:30') }).Put!.Item!;
    expect(dated.gsi3pk).toBe('GATEWAYDAY#2026-11-26');
    const undated = bookLineItem({ ...line, at: settledAfterMidnight }).Put!.Item!;
    expect(undated.gsi3pk).toBe('GATEWAYDAY#2026-11-27');
  });
});
