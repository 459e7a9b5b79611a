import { describe, expect, it, vi } from 'vitest';
import type { PendingCodeOrder } from '../../../functions/vouchers/pending-codes';

vi.stubEnv('TABLE_NAME', 'unit-test-table-never-reached');
const { returnCodeItems, claimCodeItems } = await import('../../../functions/vouchers/repo');
const { closePendingCodeOrderItem } = await import('../../../functions/vouchers/pending-repo');
const { codeOrderDetailView } = await import('../../../functions/orders/views');
const { isPaymentKind } = await import('../../../functions/gateway/port');

const reserved = [
  { codeId: 'c1', code: 'AAAA-1111', shard: 2 },
  { codeId: 'c2', code: 'BBBB-2222', shard: 2 },
  { codeId: 'c3', code: 'CCCC-3333', shard: 5 },
];

const pending = (change: Partial<PendingCodeOrder> = {}): PendingCodeOrder => ({
  order: {
    orderId: 'O1',
    userId: 'guest-abc',
    voucherId: 'gp-500',
    voucherName: 'Google Play 500',
    unitPrice: 100,
    qty: 3,
    codes: reserved.map((code) => code.code),
    createdAt: '2026-11-28T06:00:00.000Z',
  },
  brandId: 'google-play',
  reserved,
  total: 300,
  paymentStatus: 'pending',
  gateway: 'uddoktapay',
  paymentUrl: 'https://pay.example/1',
  createdAt: '2026-11-28T06:00:00.000Z',
  guest: { contact: { kind: 'email', value: 'a@example.com' }, language: 'bn' },
  linkToken: 'secret',
  ...change,
});

describe("a guest's reserved codes", () => {
  it('puts each reserved code back under its own id, once (conditioned on its absence), and counts its shard up as the sale counted it down', () => {
    const back = returnCodeItems('gp-500', reserved, '2026-11-28T07:00:00.000Z');
    const taken = claimCodeItems('gp-500', reserved);
    expect(back.map((item) => item.Put?.Item?.sk ?? item.Update?.Key?.sk)).toEqual([
      'CODE#c1',
      'CODE#c2',
      'CODE#c3',
      '#STOCK#2',
      '#STOCK#5',
    ]);
    expect(back.slice(0, 3).every((item) => item.Put?.ConditionExpression === 'attribute_not_exists(pk)')).toBe(true);
    expect(back.slice(0, 3).map((item) => item.Put?.Item?.code)).toEqual(reserved.map((code) => code.code));
    const counted = (items: typeof back) =>
      items.flatMap((item) =>
        item.Update ? [item.Update.ExpressionAttributeValues?.[':returned'] ?? item.Update.ExpressionAttributeValues?.[':minus']] : [],
      );
    expect(counted(back)).toEqual([2, 1]);
    expect(counted(taken)).toEqual([-2, -1]);
  });

  it('closes a checkout only from the state read, so a cancel and a payment settle it once', () => {
    const cancel = closePendingCodeOrderItem(pending(), { paymentStatus: 'cancelled', cancelReason: 'expired' }, 'now');
    expect(cancel.Update?.ConditionExpression).toBe('paymentStatus = :from');
    expect(cancel.Update?.ExpressionAttributeValues?.[':from']).toBe('pending');
    expect(cancel.Update?.UpdateExpression).toContain('REMOVE gsi2pk, gsi2sk');
    const receipt = {
      gateway: 'uddoktapay',
      invoiceId: 'INV1',
      paymentMethod: 'bkash',
      senderNumber: '',
      transactionId: 'T1',
      fee: '0',
      chargedAmount: '300',
    };
    const retaken = closePendingCodeOrderItem(
      pending({ paymentStatus: 'cancelled' }),
      { paymentStatus: 'completed', receipt, reserved: reserved.slice(0, 1), codes: ['AAAA-1111'] },
      'now',
    );
    expect(retaken.Update?.ExpressionAttributeValues).toMatchObject({ ':from': 'cancelled', ':to': 'completed', ':codes': ['AAAA-1111'] });
  });

  it('shows the codes on the order page only once the order is placed', () => {
    const waiting = codeOrderDetailView(pending(), undefined);
    expect(waiting).toMatchObject({ status: '0', awaiting_payment: true, codes: [], plan_name: 'Google Play 500', paid_amount: 300 });
    const placed = codeOrderDetailView(pending({ paymentStatus: 'completed', settledAt: 'later' }), pending().order);
    expect(placed).toMatchObject({ status: '1', awaiting_payment: false, codes: reserved.map((code) => code.code) });
    expect(placed.timeline.map((step) => step.status)).toEqual(['placed', 'paid', 'delivered']);
    const cancelled = codeOrderDetailView(pending({ paymentStatus: 'cancelled', cancelReason: 'expired' }), undefined);
    expect(cancelled).toMatchObject({ status: '0', payment_cancelled: true, codes: [] });
    const credited = codeOrderDetailView(pending({ paymentStatus: 'credited' }), undefined);
    expect(credited).toMatchObject({ status: '2', codes: [] });
    expect(credited.remark).toContain('an operator will refund ৳300');
  });

  it('names codes as a payable kind the gateway metadata may carry', () => {
    expect(['wallet', 'order', 'codes'].every(isPaymentKind)).toBe(true);
    expect(isPaymentKind('voucher')).toBe(false);
  });
});
