import { describe, expect, it } from 'vitest';
import {
  type ExportedClaim,
  claimExportRow,
  claimsCsv,
  maskedExportCode,
  maskedPlayerId,
  orderColumns,
  orderExportRow,
  ordersCsv,
} from '../../../functions/admin/export-views';
import type { PlanOrder } from '../../../functions/orders/types';
import type { VoucherOrder } from '../../../functions/vouchers/repo';

/** A wallet order of Free Fire's 25 diamonds for player ID 1234567897, delivered by hand. */
const planOrder = (changes: Partial<PlanOrder> = {}): PlanOrder => ({
  orderId: '01JDQ0000000000000000000A1',
  userId: 'u-1',
  planId: 'ff-25',
  planName: '25 Diamonds',
  groupName: 'UID TOPUP',
  gameName: 'Free Fire',
  masterCategoryId: 'free-fire',
  price: 25,
  paidFrom: 'wallet',
  status: 'completed',
  accountType: '',
  accountId: '1234567897',
  sealedSecret: 'sealed:do-not-export',
  remark: '',
  createdAt: '2026-11-27T20:30:00.000Z',
  paidAt: '2026-11-27T20:30:00.000Z',
  ...changes,
});

const codeOrder = (changes: Partial<VoucherOrder> = {}): VoucherOrder => ({
  orderId: '01JDQ0000000000000000000B2',
  userId: 'guest-AbCdEfGhIjKlMnOpQrStUv',
  voucherId: 'gp-500',
  voucherName: 'Google Play 500',
  unitPrice: 480,
  listUnitPrice: 500,
  coupanCode: 'EID10',
  discount: 96,
  qty: 2,
  codes: ['GPLAY-AAAA-BBBB-1111', 'GPLAY-CCCC-DDDD-2222'],
  createdAt: '2026-11-28T03:00:00.000Z',
  ...changes,
});

describe('the orders export', () => {
  it('masks a player ID to its last three characters and a code to the console’s mask, never a whole one', () => {
    expect(maskedPlayerId('123456789')).toBe('******789');
    expect(maskedPlayerId('player@example.com')).toBe('******com');
    expect(maskedPlayerId('12')).toBe('******');
    expect(maskedPlayerId('')).toBe('');
    expect(maskedExportCode('GPLAY-AAAA-BBBB-1111')).toBe('•••• 1111');
    expect(maskedExportCode('ABC123')).toBe('••••');
  });

  it('writes a wallet plan order: its Dhaka day, list price, net, the player ID masked, no password', () => {
    const row = orderExportRow({ kind: 'plan', order: planOrder() });
    expect(row).toEqual({
      order_id: '01JDQ0000000000000000000A1',
      day: '2026-11-28',
      placed_at: '2026-11-27T20:30:00.000Z',
      kind: 'plan',
      game_id: 'free-fire',
      game: 'Free Fire',
      item_id: 'ff-25',
      item: '25 Diamonds',
      units: 1,
      list_price: 25,
      discount: 0,
      promo_code: '',
      net: 25,
      channel: 'wallet',
      status: 'completed',
      refunded: 0,
      refunded_to: '',
      supplier: '',
      cost: 0,
      user: 'u-1',
      player_id: '******897',
      codes: '',
    });
    expect(Object.keys(row)).toEqual([...orderColumns]);
  });

  it('writes a discounted gateway order with a promo code, a supplier’s cost, and its refund to the payment method', () => {
    const row = orderExportRow({
      kind: 'plan',
      order: planOrder({
        price: 90,
        listPrice: 100,
        discount: 10,
        coupanCode: 'EID10',
        paidFrom: 'gateway',
        receipt: { paymentMethod: 'bkash' } as PlanOrder['receipt'],
        status: 'refunded',
        gatewayRefund: { state: 'done', at: '2026-11-28T01:00:00.000Z', remark: '' },
        delivery: { mode: 'supplier', state: 'failed', attempts: 1, supplier: 'digiflazz', cost: 70 },
      }),
    });
    expect(row).toMatchObject({
      list_price: 100,
      discount: 10,
      promo_code: 'EID10',
      net: 90,
      channel: 'bkash',
      status: 'refunded',
      refunded: 90,
      refunded_to: 'method',
      supplier: 'digiflazz',
      cost: 70,
    });
    expect(orderExportRow({ kind: 'plan', order: planOrder({ status: 'refunded' }) })).toMatchObject({
      refunded: 25,
      refunded_to: 'wallet',
    });
  });

  it('writes a guest’s code sale: units, list price less the sale and the code, its brand and channel, the codes masked', () => {
    const row = orderExportRow({ kind: 'voucher', order: codeOrder(), gameId: 'google-play', gameName: 'Google Play', channel: 'nagad' });
    expect(row).toMatchObject({
      kind: 'voucher',
      game_id: 'google-play',
      game: 'Google Play',
      item_id: 'gp-500',
      units: 2,
      list_price: 1000,
      discount: 136,
      promo_code: 'EID10',
      net: 864,
      channel: 'nagad',
      status: 'completed',
      user: 'guest',
      player_id: '',
      codes: '•••• 1111 •••• 2222',
    });
  });

  it('writes a CSV with a byte-order mark, the header, and a row per order oldest first, never a code, an ID or a password whole', () => {
    const csv = ordersCsv([
      { kind: 'voucher', order: codeOrder(), gameId: 'google-play', gameName: 'Google Play', channel: 'wallet' },
      { kind: 'plan', order: planOrder({ delivery: { mode: 'stock', state: 'delivered', attempts: 0, code: 'FF-STOCK-CODE-9999' } }) },
    ]);
    expect(csv.startsWith('\uFEFForder_id,day,placed_at,kind,')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^01JDQ0000000000000000000A1,2026-11-28,/);
    expect(lines[1]!.endsWith(',u-1,******897,•••• 9999')).toBe(true);
    expect(lines[2]).toMatch(/^01JDQ0000000000000000000B2,/);
    for (const secret of ['1234567897', 'FF-STOCK-CODE-9999', 'GPLAY-AAAA-BBBB-1111', 'GPLAY-CCCC-DDDD-2222', 'sealed', 'guest-AbC'])
      expect(csv).not.toContain(secret);
  });
});

describe('the claims export', () => {
  const opened: ExportedClaim = {
    claimId: '01JDQ0000000000000000000C3',
    orderId: '01JDQ0000000000000000000A1',
    reason: 'not_received',
    status: 'open',
    createdAt: '2026-11-28T04:00:00.000Z',
  };

  it('leaves an open claim’s closing empty', () => {
    expect(claimExportRow(opened, { status: 'pending', price: 25 })).toEqual({
      claim_id: opened.claimId,
      order_id: opened.orderId,
      opened_at: '2026-11-28T04:00:00.000Z',
      reason: 'not_received',
      status: 'open',
      closed_at: '',
      closed_by: '',
      hours_to_close: '',
      refund: '',
    });
  });

  it('tells a rule’s refund at once from an operator’s close hours later', () => {
    const byRule = { ...opened, status: 'closed' as const, outcome: 'refunded' as const, closedAt: opened.createdAt };
    expect(claimExportRow(byRule, { status: 'refunded', price: 25, refundedAt: opened.createdAt })).toMatchObject({
      closed_by: 'rule',
      hours_to_close: 0,
      refund: 25,
    });
    // A rule that asked the supplier leaves the claim to a person, who closes it.
    const byHand = { ...opened, status: 'closed' as const, outcome: 'asked' as const, closedAt: '2026-11-28T06:30:00.000Z' };
    expect(claimExportRow(byHand, { status: 'completed', price: 25 })).toMatchObject({
      closed_at: '2026-11-28T06:30:00.000Z',
      closed_by: 'operator',
      hours_to_close: 2.5,
      refund: '',
    });
    // A refund before the claim was opened is not the claim's.
    expect(claimExportRow(byHand, { status: 'refunded', price: 25, refundedAt: '2026-11-28T03:00:00.000Z' }).refund).toBe('');
    expect(claimExportRow(byHand, { status: 'refunded', price: 25, refundedAt: '2026-11-28T06:30:00.000Z' }).refund).toBe(25);
  });

  it('writes a CSV with the header and a row per claim, oldest first', () => {
    const later = { ...opened, claimId: '01JDQ0000000000000000000D4', createdAt: '2026-11-28T05:00:00.000Z' };
    const csv = claimsCsv([
      { claim: later, order: undefined },
      { claim: opened, order: undefined },
    ]);
    expect(csv.slice(1).split('\r\n').slice(0, 3)).toEqual([
      'claim_id,order_id,opened_at,reason,status,closed_at,closed_by,hours_to_close,refund',
      `${opened.claimId},${opened.orderId},2026-11-28T04:00:00.000Z,not_received,open,,,,`,
      `${later.claimId},${later.orderId},2026-11-28T05:00:00.000Z,not_received,open,,,,`,
    ]);
  });
});
