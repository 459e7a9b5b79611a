import { describe, expect, it } from 'vitest';
import { deltasOf, summed } from '../../../functions/reports/aggregates';
import type { ReportEvent } from '../../../functions/reports/events';

const item = { kind: 'plan' as const, gameId: 'free-fire', gameName: 'Free Fire', id: 'ff-25', name: '25 Diamonds' };
// 23:30 in Dhaka on the 27th is 17:30 UTC: the day is Dhaka's.
const at = '2026-11-27T18:30:00.000Z';

const sale = (change: Partial<Extract<ReportEvent, { kind: 'sale' }>> = {}): ReportEvent => ({
  kind: 'sale',
  id: 'E1',
  at,
  orderId: 'O1',
  item,
  units: 1,
  gross: 25,
  discount: 3,
  net: 22,
  cost: 18,
  channel: 'bkash',
  coupanCode: 'EID',
  ...change,
});

describe('what a report event adds to its day', () => {
  it('adds a sale to its item, its channel and its promo code, on the Dhaka day', () => {
    expect(deltasOf(sale())).toEqual([
      {
        pk: 'REPORTS',
        sk: '2026-11-28#ITEM#free-fire#plan#ff-25',
        names: { itemKind: 'plan', gameId: 'free-fire', gameName: 'Free Fire', itemId: 'ff-25', itemName: '25 Diamonds' },
        add: { orders: 1, units: 1, gross: 25, discount: 3, net: 22, cost: 18 },
      },
      { pk: 'REPORTS', sk: '2026-11-28#CHANNEL#bkash', names: { channel: 'bkash' }, add: { payments: 1, amount: 22 } },
      { pk: 'REPORTS', sk: '2026-11-28#PROMO#EID', names: { coupanCode: 'EID' }, add: { uses: 1, discount: 3, revenue: 22 } },
    ]);
    expect(deltasOf(sale({ coupanCode: undefined }))).toHaveLength(2);
  });

  it('adds a refund to its item only, by where the money went', () => {
    const refund: ReportEvent = { kind: 'refund', id: 'E2', at, orderId: 'O1', item, amount: 22, to: 'method' };
    expect(deltasOf(refund)).toEqual([expect.objectContaining({ sk: '2026-11-28#ITEM#free-fire#plan#ff-25', add: { refundsMethod: 22 } })]);
  });

  it("adds a supplier's outcome to its supplier's day: a delivery with its seconds, a failure, an unknown", () => {
    const outcome = (change: Partial<Extract<ReportEvent, { kind: 'delivery' }>>): ReportEvent => ({
      kind: 'delivery',
      id: 'delivered',
      at,
      orderId: 'O1',
      supplier: 'digiflazz',
      outcome: 'delivered',
      seconds: 42,
      ...change,
    });
    expect(deltasOf(outcome({}))).toEqual([
      {
        pk: 'REPORTS',
        sk: '2026-11-28#SUPPLIER#digiflazz',
        names: { supplier: 'digiflazz' },
        add: { deliveries: 1, deliveredSeconds: 42 },
      },
    ]);
    expect(deltasOf(outcome({ outcome: 'failed', seconds: undefined }))[0]!.add).toEqual({ failures: 1 });
    expect(deltasOf(outcome({ outcome: 'unknown', seconds: undefined }))[0]!.add).toEqual({ unknowns: 1 });
    expect(summed([outcome({}), outcome({ orderId: 'O2', seconds: 8 }), outcome({ outcome: 'unknown' })].flatMap(deltasOf))).toEqual([
      expect.objectContaining({ add: { deliveries: 2, deliveredSeconds: 50, unknowns: 1 } }),
    ]);
  });

  it("adds a claim's or a hold's change to the day's claims, a settled claim with its seconds", () => {
    const change = (what: Extract<ReportEvent, { kind: 'claim' }>['change'], seconds?: number): ReportEvent => ({
      kind: 'claim',
      id: `${what}#C1`,
      at,
      orderId: 'O1',
      change: what,
      ...(seconds === undefined ? {} : { seconds }),
    });
    expect(deltasOf(change('opened'))).toEqual([{ pk: 'REPORTS', sk: '2026-11-28#CLAIMS', names: {}, add: { opened: 1 } }]);
    expect(deltasOf(change('settled_by_rule', 0))[0]!.add).toEqual({ settledByRule: 1, resolveSeconds: 0 });
    expect(deltasOf(change('settled_by_hand', 3600))[0]!.add).toEqual({ settledByHand: 1, resolveSeconds: 3600 });
    expect(deltasOf(change('held'))[0]!.add).toEqual({ held: 1 });
    expect(deltasOf(change('released'))[0]!.add).toEqual({ released: 1 });
    const day = summed(
      [change('opened'), change('opened'), change('settled_by_rule', 0), change('settled_by_hand', 90), change('held')].flatMap(deltasOf),
    );
    expect(day).toEqual([
      expect.objectContaining({
        sk: '2026-11-28#CLAIMS',
        add: { opened: 2, settledByRule: 1, resolveSeconds: 90, settledByHand: 1, held: 1 },
      }),
    ]);
  });

  it('sums a batch into one change per aggregate', () => {
    const batch = summed([sale(), sale({ id: 'E3', net: 20, discount: 5 })].flatMap(deltasOf));
    expect(batch).toHaveLength(3);
    expect(batch[0]!.add).toEqual({ orders: 2, units: 2, gross: 50, discount: 8, net: 42, cost: 36 });
    expect(batch[1]!.add).toEqual({ payments: 2, amount: 42 });
  });
});
