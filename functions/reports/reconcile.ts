/**
 * The reports' reconciliation (issue 42, decision 0023; `npm run report:check`): a Dhaka day's
 * aggregates held against the day's own records, which the same transactions wrote. Pure: the
 * reading lives in scripts/reports/, the rules here. Money is whole taka; a difference is the
 * report's figure less the records'.
 *
 * The rules, per day (docs/operations/README.md, "Business reports"):
 * - each channel's `amount` and `payments` (`<day>#CHANNEL#<channel>`) against the sales the day's
 *   records hold for it (the orders and code sales whose payment falls on the day, by channel);
 * - the wallet channel's `amount` and `payments` also against the wallet's ledger debits of those
 *   sales (a purchase's entry, its reference the order);
 * - each gateway channel's `amount` and `payments` also against the gateway's day book
 *   (`GATEWAYDAY#<day>`): its payment lines that paid an order or a code sale, never a top-up;
 * - each item's `orders`, `units` and `net` against the sales of that plan or voucher, its
 *   `refundsWallet` and `refundsMethod` against the refunds of its orders that fall on the day;
 * - the day's refunds to the wallet against the ledger's refund credits of the day, and its refunds
 *   to the method against the day book's refund lines of the day.
 * Channels are compared by name in lower case, the live path's `gateway` (a payment that named no
 * method) being the payments report's `unknown`. Items are compared by kind and id.
 */
import { type Columns, channelColumns, itemColumns } from './aggregates';

/** A sale as the day's records hold it: its order, what it sold, what was paid and through which channel (`wallet`, or the gateway's method). */
export interface RecordedSale {
  orderId: string;
  itemKind: 'plan' | 'voucher';
  itemId: string;
  units: number;
  net: number;
  channel: string;
}

/** A refund of an order's price that falls on the day, to the wallet or to the method that paid it. */
export interface RecordedRefund {
  orderId: string;
  itemKind: 'plan' | 'voucher';
  itemId: string;
  amount: number;
  to: 'wallet' | 'method';
}

/** A count and a sum of taka. */
export interface Tally {
  count: number;
  amount: number;
}

/** What a day's own records say: the sales and refunds, the wallet's ledger, the gateway's day book. */
export interface DayRecords {
  day: string;
  sales: RecordedSale[];
  refunds: RecordedRefund[];
  /** The ledger's debits (a plan's or codes' purchase) whose reference is one of the day's wallet sales. */
  walletDebits: Tally;
  /** The ledger's refund credits of the day whose reference is an order the records know. */
  walletRefundCredits: Tally;
  /** The day book's payment lines that paid an order or a code sale, by channel (lower case). */
  gatewayOrderPayments: Record<string, Tally>;
  /** The day book's refund lines. */
  gatewayRefunds: Tally;
  /** The existing payments report's figures by channel (every line of the day book, top-ups included): shown, not compared. */
  paymentsReport: Record<string, Tally>;
}

/** One figure of a day: the report's, the records', and the report's less the records'. `note` marks a figure shown for context. */
export interface Figure {
  day: string;
  figure: string;
  report: number;
  records: number;
  difference: number;
  note?: boolean;
}

/** A day's figures, and those that differ. */
export interface DayCheck {
  day: string;
  figures: Figure[];
  differences: Figure[];
}

/** The name a channel is compared under: lower case; a payment that named no method is `unknown`, as the payments report says. */
export const channelName = (channel: string) => {
  const name = channel.trim().toLowerCase();
  return name === '' || name === 'gateway' ? 'unknown' : name;
};

const numberOf = (value: unknown) => Number(value ?? 0);
const tally = (): Tally => ({ count: 0, amount: 0 });
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** Compares one day's aggregates (the items of `REPORTS` whose sort key begins with the day) with its records. */
export function reconcileDay(aggregates: Record<string, unknown>[], records: DayRecords): DayCheck {
  const { day } = records;
  const figures: Figure[] = [];
  const add = (figure: string, report: number, recorded: number, note = false) =>
    figures.push({ day, figure, report, records: recorded, difference: report - recorded, ...(note ? { note } : {}) });

  const reportChannels = new Map<string, Columns>();
  const reportItems = new Map<string, Columns>();
  for (const aggregate of aggregates) {
    const [aggregateDay, kind] = String(aggregate.sk).split('#');
    if (aggregateDay !== day) continue;
    const [map, key, columns] =
      kind === 'CHANNEL'
        ? [reportChannels, channelName(String(aggregate.channel)), channelColumns]
        : kind === 'ITEM'
          ? [reportItems, `${aggregate.itemKind}#${aggregate.itemId}`, itemColumns]
          : [undefined, '', []];
    if (!map) continue;
    const sums = map.get(key) ?? {};
    for (const column of columns) sums[column] = (sums[column] ?? 0) + numberOf(aggregate[column]);
    map.set(key, sums);
  }

  const salesByChannel = new Map<string, Tally>();
  for (const sale of records.sales) {
    const sums = salesByChannel.get(channelName(sale.channel)) ?? tally();
    sums.count += 1;
    sums.amount += sale.net;
    salesByChannel.set(channelName(sale.channel), sums);
  }
  const book = new Map(Object.entries(records.gatewayOrderPayments).map(([channel, sums]) => [channelName(channel), sums]));
  for (const channel of sorted([...reportChannels.keys(), ...salesByChannel.keys(), ...book.keys()])) {
    const report = reportChannels.get(channel) ?? {};
    const sales = salesByChannel.get(channel) ?? tally();
    add(`channel ${channel} amount (orders)`, report.amount ?? 0, sales.amount);
    add(`channel ${channel} payments (orders)`, report.payments ?? 0, sales.count);
    const other = channel === 'wallet' ? records.walletDebits : (book.get(channel) ?? tally());
    const source = channel === 'wallet' ? 'ledger debits' : 'day book';
    add(`channel ${channel} amount (${source})`, report.amount ?? 0, other.amount);
    add(`channel ${channel} payments (${source})`, report.payments ?? 0, other.count);
    const shown = records.paymentsReport[channel];
    if (channel !== 'wallet' && shown)
      add(`channel ${channel} amount (payments report, top-ups included)`, report.amount ?? 0, shown.amount, true);
  }

  const recordedItems = new Map<string, Columns>();
  const itemOf = (key: string) => {
    const sums = recordedItems.get(key) ?? { orders: 0, units: 0, net: 0, refundsWallet: 0, refundsMethod: 0 };
    recordedItems.set(key, sums);
    return sums;
  };
  for (const sale of records.sales) {
    const sums = itemOf(`${sale.itemKind}#${sale.itemId}`);
    sums.orders! += 1;
    sums.units! += sale.units;
    sums.net! += sale.net;
  }
  for (const refund of records.refunds) {
    const sums = itemOf(`${refund.itemKind}#${refund.itemId}`);
    if (refund.to === 'wallet') sums.refundsWallet! += refund.amount;
    else sums.refundsMethod! += refund.amount;
  }
  let refundsWallet = 0;
  let refundsMethod = 0;
  for (const item of sorted([...reportItems.keys(), ...recordedItems.keys()])) {
    const report = reportItems.get(item) ?? {};
    const recorded = itemOf(item);
    for (const column of ['orders', 'units', 'net', 'refundsWallet', 'refundsMethod'])
      add(`item ${item.replace('#', ' ')} ${column}`, report[column] ?? 0, recorded[column] ?? 0);
    refundsWallet += report.refundsWallet ?? 0;
    refundsMethod += report.refundsMethod ?? 0;
  }
  add('refunds to the wallet (ledger refund credits)', refundsWallet, records.walletRefundCredits.amount);
  add('refunds to the method (day book refund lines)', refundsMethod, records.gatewayRefunds.amount);

  return { day, figures, differences: figures.filter((figure) => !figure.note && figure.difference !== 0) };
}

/** A day's figures as a table: figure, report, records, difference (a context figure's difference in brackets). */
export function figureTable(check: DayCheck): string {
  const rows = [
    ['figure', 'report', 'records', 'difference'],
    ...check.figures.map((row) => [
      row.figure,
      String(row.report),
      String(row.records),
      row.note ? `(${row.difference})` : row.difference === 0 ? '0' : `${row.difference > 0 ? '+' : ''}${row.difference}  <<`,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '))
    .join('\n');
}
