import { describe, expect, it } from 'vitest';
import { deltasOf, summed } from '../../../functions/reports/aggregates';
import type { ReportEvent } from '../../../functions/reports/events';
import { type DayRecords, channelName, figureTable, reconcileDay } from '../../../functions/reports/reconcile';

const day = '2026-11-20';
// Noon in Dhaka on the 20th.
const at = '2026-11-20T06:00:00.000Z';
const plan = { kind: 'plan' as const, gameId: 'free-fire', gameName: 'Free Fire', id: 'ff-25', name: '25 Diamonds' };
const voucher = { kind: 'voucher' as const, gameId: 'garena', gameName: '', id: 'v-100', name: 'Garena 100' };

const sale = (orderId: string, item: typeof plan | typeof voucher, units: number, net: number, channel: string): ReportEvent => ({
  kind: 'sale',
  id: orderId,
  at,
  orderId,
  item,
  units,
  gross: net,
  discount: 0,
  net,
  cost: 0,
  channel,
});

const events: ReportEvent[] = [
  sale('O1', plan, 1, 25, 'wallet'),
  sale('O2', plan, 1, 25, 'bKash'),
  sale('O3', voucher, 2, 200, 'wallet'),
  sale('O4', plan, 1, 25, 'gateway'),
  { kind: 'refund', id: 'R1', at, orderId: 'O1', item: plan, amount: 25, to: 'wallet' },
  { kind: 'refund', id: 'R2', at, orderId: 'O2', item: plan, amount: 25, to: 'method' },
];

/** The aggregates the consumer writes for these events: their summed deltas as stored items. */
const aggregatesOf = (reported: ReportEvent[]): Record<string, unknown>[] =>
  summed(reported.flatMap(deltasOf)).map((delta) => ({ pk: delta.pk, sk: delta.sk, ...delta.names, ...delta.add }));

/** The day's records that match the events above. */
const records = (): DayRecords => ({
  day,
  sales: [
    { orderId: 'O1', itemKind: 'plan', itemId: 'ff-25', units: 1, net: 25, channel: 'wallet' },
    { orderId: 'O2', itemKind: 'plan', itemId: 'ff-25', units: 1, net: 25, channel: 'bKash' },
    { orderId: 'O3', itemKind: 'voucher', itemId: 'v-100', units: 2, net: 200, channel: 'wallet' },
    { orderId: 'O4', itemKind: 'plan', itemId: 'ff-25', units: 1, net: 25, channel: 'gateway' },
  ],
  refunds: [
    { orderId: 'O1', itemKind: 'plan', itemId: 'ff-25', amount: 25, to: 'wallet' },
    { orderId: 'O2', itemKind: 'plan', itemId: 'ff-25', amount: 25, to: 'method' },
  ],
  walletDebits: { count: 2, amount: 225 },
  walletRefundCredits: { count: 1, amount: 25 },
  gatewayOrderPayments: { bkash: { count: 1, amount: 25 }, unknown: { count: 1, amount: 25 } },
  gatewayRefunds: { count: 1, amount: 25 },
  paymentsReport: { bkash: { count: 3, amount: 525 }, unknown: { count: 1, amount: 25 } },
});

const figure = (check: ReturnType<typeof reconcileDay>, name: string) => check.figures.find((row) => row.figure === name);

describe('the reports held against the records', () => {
  it('finds no difference when every sale and refund has its event', () => {
    const check = reconcileDay(aggregatesOf(events), records());
    expect(check.differences).toEqual([]);
    expect(figure(check, 'channel wallet amount (ledger debits)')).toMatchObject({ report: 225, records: 225, difference: 0 });
    expect(figure(check, 'channel bkash amount (day book)')).toMatchObject({ report: 25, records: 25 });
    expect(figure(check, 'item plan ff-25 net')).toMatchObject({ report: 75, records: 75 });
    expect(figure(check, 'refunds to the method (day book refund lines)')).toMatchObject({ report: 25, records: 25 });
  });

  it('shows the payments report, top-ups included, without counting it as a difference', () => {
    const check = reconcileDay(aggregatesOf(events), records());
    expect(figure(check, 'channel bkash amount (payments report, top-ups included)')).toEqual({
      day,
      figure: 'channel bkash amount (payments report, top-ups included)',
      report: 25,
      records: 525,
      difference: -500,
      note: true,
    });
    expect(figureTable(check)).toContain('(-500)');
  });

  it('names the channel and the item an aggregate 5 taka over differs in, with both figures', () => {
    const aggregates = aggregatesOf(events).map((aggregate) =>
      aggregate.sk === `${day}#CHANNEL#wallet` || aggregate.sk === `${day}#ITEM#garena#voucher#v-100`
        ? { ...aggregate, amount: Number(aggregate.amount ?? 0) + 5, net: Number(aggregate.net ?? 0) + 5 }
        : aggregate,
    );
    const { differences } = reconcileDay(aggregates, records());
    expect(differences.map((row) => [row.figure, row.report, row.records, row.difference])).toEqual([
      ['channel wallet amount (orders)', 230, 225, 5],
      ['channel wallet amount (ledger debits)', 230, 225, 5],
      ['item voucher v-100 net', 205, 200, 5],
    ]);
    expect(differences.every((row) => row.day === day)).toBe(true);
  });

  it('names a sale with no event, against the orders and against the day book', () => {
    const { differences } = reconcileDay(
      aggregatesOf(events.filter((event) => event.orderId !== 'O2' || event.kind !== 'sale')),
      records(),
    );
    expect(differences.map((row) => row.figure)).toEqual([
      'channel bkash amount (orders)',
      'channel bkash payments (orders)',
      'channel bkash amount (day book)',
      'channel bkash payments (day book)',
      'item plan ff-25 orders',
      'item plan ff-25 units',
      'item plan ff-25 net',
    ]);
  });

  it('names a refund the ledger or the day book does not hold', () => {
    const { differences } = reconcileDay(aggregatesOf(events), {
      ...records(),
      walletRefundCredits: { count: 0, amount: 0 },
      gatewayRefunds: { count: 0, amount: 0 },
    });
    expect(differences.map((row) => [row.figure, row.difference])).toEqual([
      ['refunds to the wallet (ledger refund credits)', 25],
      ['refunds to the method (day book refund lines)', 25],
    ]);
  });

  it('reads only the day asked for, and compares channels by name in lower case', () => {
    const otherDay = events.map((event) => ({ ...event, at: '2026-11-21T06:00:00.000Z' }));
    const check = reconcileDay([...aggregatesOf(events), ...aggregatesOf(otherDay)], records());
    expect(check.differences).toEqual([]);
    expect(channelName(' bKash ')).toBe('bkash');
    expect(channelName('gateway')).toBe('unknown');
    expect(channelName('')).toBe('unknown');
  });
});
