import { describe, expect, it } from 'vitest';
import {
  type PromoCode,
  codeDiscountOf,
  discountOf,
  firstOrderRefusal,
  maxShards,
  newPromoCode,
  normalizePromoCode,
  promoRefusal,
  promoRefusals,
  quoteOf,
  shardLimits,
  shardWithRoom,
} from '../../../functions/promotions/rules';

const code = (fields: Partial<PromoCode> = {}): PromoCode =>
  newPromoCode({ code: 'EID10', kind: 'percent', value: 10, ...fields }, '2026-11-27T00:00:00.000Z');
const line = { gameId: 'ff', planId: 'p1', total: 1000, onSale: false };

describe('promo codes', () => {
  it('match without regard to case after trimming, and refuse spaces and look-alikes inside rather than strip them', () => {
    expect(normalizePromoCode('  eid10 ')).toBe('EID10');
    expect(normalizePromoCode('S ALE')).toBeUndefined();
    expect(normalizePromoCode('SАLE')).toBeUndefined(); // a Cyrillic А
    expect(normalizePromoCode('SALE１')).toBeUndefined(); // a full-width digit
    expect(normalizePromoCode('AB')).toBeUndefined();
    expect(normalizePromoCode('A'.repeat(21))).toBeUndefined();
  });

  it('take a percent floored to whole taka on the line total, capped, never negative and never above the line', () => {
    expect(discountOf(code({ value: 7 }), 199)).toBe(13); // 13.93
    expect(discountOf(code({ value: 7 }), 199 * 3)).toBe(41); // on the line, not 13 × 3
    expect(discountOf(code({ value: 50, maxDiscount: 100 }), 1000)).toBe(100);
    expect(discountOf(code({ value: 100 }), 250)).toBe(250);
    expect(discountOf(code({ kind: 'fixed', value: 500 }), 300)).toBe(300);
    expect(discountOf(code({ kind: 'fixed', value: 50 }), 300)).toBe(50);
    expect(quoteOf(line, code({ value: 15 }))).toEqual({ price: 1000, discount: 150, total: 850, coupanCode: 'EID10' });
    expect(quoteOf(line, undefined)).toEqual({ price: 1000, discount: 0, total: 1000, coupanCode: '' });
  });

  it('say why they cannot apply: paused, not started, ended at its second, another item, a sale, under the minimum', () => {
    const now = Date.parse('2026-12-01T12:00:00+06:00');
    expect(promoRefusal(code(), line, now)).toBeUndefined();
    expect(promoRefusal(code({ active: false }), line, now)).toBe(promoRefusals.paused);
    expect(promoRefusal(code({ startsAt: now + 1 }), line, now)).toBe(promoRefusals.notStarted);
    expect(promoRefusal(code({ endsAt: now }), line, now)).toBe(promoRefusals.expired);
    expect(promoRefusal(code({ endsAt: now + 1000 }), line, now)).toBeUndefined();
    expect(promoRefusal(code({ planIds: ['p2'] }), line, now)).toBe(promoRefusals.notForItem);
    expect(promoRefusal(code({ gameIds: ['ff'] }), line, now)).toBeUndefined();
    expect(promoRefusal(code({ voucherIds: ['v1'] }), line, now)).toBe(promoRefusals.notForItem);
    expect(promoRefusal(code(), { ...line, onSale: true }, now)).toBe(promoRefusals.withSale);
    expect(promoRefusal(code({ minTotal: 1001 }), line, now)).toBe('This promo code needs an order of at least ৳1001');
    // 10 % of ৳1000 leaves ৳900: above a cost of 899, at a cost of 900 only when the operator acknowledged it.
    expect(promoRefusal(code(), { ...line, cost: 899 }, now)).toBeUndefined();
    expect(promoRefusal(code(), { ...line, cost: 900 }, now)).toBe(promoRefusals.notForItem);
    expect(promoRefusal(code({ belowCostAcknowledged: true }), { ...line, cost: 900 }, now)).toBeUndefined();
  });

  it('spread a limit over at most maxShards shards whose shares add up to it exactly', () => {
    expect(shardLimits(1)).toEqual([1]);
    expect(shardLimits(maxShards - 1)).toEqual(Array(maxShards - 1).fill(1));
    expect(shardLimits(maxShards + 2)).toEqual([2, 2, ...Array(maxShards - 2).fill(1)]);
    expect(shardLimits(1000).reduce((sum, limit) => sum! + limit!, 0)).toBe(1000);
    expect(shardLimits(undefined)).toHaveLength(maxShards);
    const shards = [
      { shard: 0, uses: 2, limit: 2 },
      { shard: 1, uses: 0, limit: 1 },
    ];
    expect(shardWithRoom(shards, () => 0)).toBe(1);
    expect(shardWithRoom([{ shard: 0, uses: 1, limit: 1 }], () => 0)).toBeUndefined();
    expect(shardWithRoom([{ shard: 3, uses: 99 }], () => 0)).toBe(3);
  });
});

describe('first-order codes', () => {
  it('need a proved number, then refuse a buyer any of whose persons has bought; other codes ask nothing', () => {
    const first = code({ firstOrderOnly: true });
    expect(firstOrderRefusal(first, { boughtBefore: false })).toBe(promoRefusals.verifyMobile);
    expect(firstOrderRefusal(first, { verifiedMobile: '01712345678', boughtBefore: true })).toBe(promoRefusals.firstOrderOnly);
    expect(firstOrderRefusal(first, { verifiedMobile: '01712345678', boughtBefore: false })).toBeUndefined();
    expect(firstOrderRefusal(code(), { boughtBefore: true })).toBeUndefined();
  });

  it('leave on the statement what a code took off, and nothing for a quote without a discount', () => {
    expect(codeDiscountOf(quoteOf(line, code()))).toEqual({ amount: 100, code: 'EID10' });
    expect(codeDiscountOf(quoteOf(line, undefined))).toBeUndefined();
  });
});
