import { describe, expect, it } from 'vitest';
import { firstLargeOrderHold, holdOverdue, isYoungAccount } from '../../../functions/risk/holds';
import { linkageFlags } from '../../../functions/risk/linkage';
import { type VelocityRule, defaultRiskSettings, ruleText, velocityCounters } from '../../../functions/risk/velocity';

const rule = (overrides: Partial<VelocityRule>): VelocityRule => ({
  id: 'r1',
  key: 'player',
  window: 'hour',
  maxCount: 0,
  maxAmount: 0,
  action: 'refuse',
  youngOnly: false,
  ...overrides,
});
const noon = Date.parse('2026-11-28T06:30:00Z');

describe('velocity counters', () => {
  it('count each identity once per window, with every applicable rule’s limit as what must already be there before this checkout', () => {
    const { counters, outright } = velocityCounters(
      [
        rule({ id: 'a', maxCount: 5 }),
        rule({ id: 'b', maxAmount: 1000, action: 'hold' }),
        rule({ id: 'c', key: 'device', window: 'day', maxCount: 3 }),
      ],
      { player: '1234567', device: 'dev-0000000000000001' },
      300,
      false,
      noon,
    );
    expect(outright).toEqual([]);
    expect(counters).toEqual([
      expect.objectContaining({
        kind: 'player',
        value: '1234567',
        window: 'hour',
        bucket: '2026-11-28T06',
        limits: [
          expect.objectContaining({ countBelow: 5, amountAtMost: undefined }),
          expect.objectContaining({ countBelow: undefined, amountAtMost: 700 }),
        ],
      }),
      // A Dhaka day: 06:30 UTC is 12:30 in Dhaka, the same date.
      expect.objectContaining({
        kind: 'device',
        window: 'day',
        bucket: '2026-11-28',
        limits: [expect.objectContaining({ countBelow: 3 })],
      }),
    ]);
  });

  it('skip identities the checkout lacks and young-only rules for older accounts; a single checkout above an amount breaks its rule outright', () => {
    const rules = [
      rule({ key: 'mobile', maxCount: 2 }),
      rule({ id: 'y', key: 'account', maxCount: 1, youngOnly: true }),
      rule({ id: 'big', key: 'account', maxAmount: 500 }),
    ];
    expect(velocityCounters(rules, { account: 'u1' }, 100, false, noon).counters.flatMap((c) => c.limits.map((l) => l.rule.id))).toEqual([
      'big',
    ]);
    const young = velocityCounters(rules, { account: 'u1' }, 600, true, noon);
    expect(young.outright.map((r) => r.id)).toEqual(['big']);
    // Counted still (its checkouts), but no amount limit left to hold: it is broken already.
    expect(young.counters[0]!.limits.map((l) => [l.rule.id, l.amountAtMost])).toEqual([
      ['y', undefined],
      ['big', undefined],
    ]);
  });

  it('a Dhaka day starts at 18:00 UTC', () => {
    const [counter] = velocityCounters(
      [rule({ window: 'day', maxCount: 1 })],
      { player: 'p' },
      1,
      false,
      Date.parse('2026-11-28T18:00:00Z'),
    ).counters;
    expect(counter!.bucket).toBe('2026-11-29');
  });

  it('reads as operator words', () => {
    expect(ruleText(rule({ maxCount: 5, maxAmount: 10000, youngOnly: true }))).toBe(
      'more than 5 checkouts or ৳10000 per player ID in an hour (young accounts)',
    );
    expect(ruleText(rule({ key: 'device', window: 'day', maxAmount: 2000 }))).toBe('more than ৳2000 per device in a day');
  });
});

describe('the first-order hold', () => {
  const account = { createdAt: '2026-11-27T00:00:00Z' };
  const now = Date.parse('2026-11-28T00:00:00Z');
  it('holds a young account’s first order at or above the amount, and nothing else', () => {
    expect(firstLargeOrderHold(defaultRiskSettings, account, { price: 5000, returning: false }, now)).toEqual([
      expect.objectContaining({ kind: 'first-large-order' }),
    ]);
    expect(firstLargeOrderHold(defaultRiskSettings, account, { price: 4999, returning: false }, now)).toEqual([]);
    expect(firstLargeOrderHold(defaultRiskSettings, account, { price: 9000, returning: true }, now)).toEqual([]);
    expect(firstLargeOrderHold(defaultRiskSettings, { createdAt: '2026-11-20T00:00:00Z' }, { price: 9000, returning: false }, now)).toEqual(
      [],
    );
    expect(
      firstLargeOrderHold({ ...defaultRiskSettings, firstOrderHoldAmount: 0 }, account, { price: 9000, returning: false }, now),
    ).toEqual([]);
    expect(isYoungAccount({ youngAccountDays: 0 }, account, now)).toBe(false);
  });

  it('is overdue once held longer than the minutes promised, and never once decided', () => {
    const hold = { state: 'held' as const, reasons: [], at: '2026-11-28T00:00:00Z', reviewWithinMinutes: 30 };
    expect(holdOverdue(hold, Date.parse('2026-11-28T00:30:00Z'))).toBe(false);
    expect(holdOverdue(hold, Date.parse('2026-11-28T00:30:01Z'))).toBe(true);
    expect(holdOverdue({ ...hold, state: 'released' }, Date.parse('2026-11-29T00:00:00Z'))).toBe(false);
  });
});

describe('linkage flags', () => {
  it('flag each pattern at its threshold and not below', () => {
    expect(linkageFlags({ playerIdsOfAccount: 4, accountsOfPlayerId: 2, accountsOfDevice: 2 })).toEqual([]);
    expect(linkageFlags({ playerIdsOfAccount: 5, accountsOfPlayerId: 3, accountsOfDevice: 3 })).toEqual([
      'This account has topped up 5 player IDs',
      'This player ID is topped up by 3 accounts',
      '3 accounts have bought on one device',
    ]);
  });
});
