import { describe, expect, it } from 'vitest';
import { nextPriceChange, overlapsAny, saleAt, salesNotEnded, scheduleOf, unitsLeft } from '../../../functions/promotions/sale-rules';
import { edgeCacheControl, edgeCacheControlOf, stockCacheControl } from '../../../functions/routes/edge-cache';

const at = (time: string) => Date.parse(`${time}+06:00`);
const friday = { id: 'fri', price: 80, startsAt: at('2026-11-27T18:00:00'), endsAt: at('2026-11-27T20:00:00') };
const saturday = { id: 'sat', price: 85, startsAt: at('2026-11-28T10:00:00'), endsAt: at('2026-11-28T12:00:00'), quantity: 50 };

describe('flash sale rules', () => {
  it('price at the sale from its first second to the second before its end, at the list price from the end on', () => {
    expect(saleAt([friday], friday.startsAt - 1)).toBeUndefined();
    expect(saleAt([friday], friday.startsAt)).toBe(friday);
    expect(saleAt([friday], friday.endsAt - 1000)).toBe(friday);
    expect(saleAt([friday], friday.endsAt - 1)).toBe(friday);
    expect(saleAt([friday], friday.endsAt)).toBeUndefined();
    expect(saleAt(undefined, friday.startsAt)).toBeUndefined();
  });

  it('know the next second a price changes, so that a cached list expires at it', () => {
    expect(nextPriceChange([friday, saturday], at('2026-11-27T12:00:00'))).toBe(friday.startsAt);
    expect(nextPriceChange([friday, saturday], friday.startsAt)).toBe(friday.endsAt);
    expect(nextPriceChange([friday, saturday], friday.endsAt)).toBe(saturday.startsAt);
    expect(nextPriceChange([friday], friday.endsAt)).toBeUndefined();
  });

  it('keep one sale at a time on a plan, and drop ended ones from its copy', () => {
    expect(overlapsAny({ ...friday, id: 'x', startsAt: friday.endsAt, endsAt: friday.endsAt + 1 }, [friday])).toBe(false);
    expect(overlapsAny({ ...friday, id: 'x', startsAt: friday.endsAt - 1, endsAt: friday.endsAt + 1 }, [friday])).toBe(true);
    expect(salesNotEnded([friday, saturday], friday.endsAt)).toEqual([saturday]);
    expect(scheduleOf({ ...friday, planId: 'p', createdAt: '' })).toEqual(friday);
  });

  it('count units left only where the sale has a cap, never below zero', () => {
    expect(unitsLeft(saturday, 12)).toBe(38);
    expect(unitsLeft(saturday, 51)).toBe(0);
    expect(unitsLeft(friday, 12)).toBeUndefined();
  });
});

describe('edge caching bounded by a price change', () => {
  it('caches no longer than until the change, and serves nothing stale past it', () => {
    expect(edgeCacheControlOf('plans')).toBe(edgeCacheControl);
    expect(edgeCacheControlOf('plans', 3600)).toBe(edgeCacheControl);
    expect(edgeCacheControlOf('plans', 42.9)).toBe('public, max-age=0, s-maxage=42');
    expect(edgeCacheControlOf('plans', 0.4)).toBe('public, max-age=0, s-maxage=0');
    expect(edgeCacheControlOf('vouchers', 100)).toBe(stockCacheControl);
  });
});
