/** The console's daily payment reconciliation: the days, channels and day-book lines on the wire, and the CSV. */
import type { AdminPaymentDays, PaymentBookLine, PaymentFigures } from '../contract/admin-wire';
import type { GatewayBookLine } from '../gateway/repo';
import { receiptView } from '../shared/receipt';
import { type PaymentDaysReport, type PaymentFigures as DayFigures, channelOf } from './service/payment-days';
import { csvText } from '../shared/csv';

/** Paisa as the gateway writes amounts: a decimal string with two places ("9.25", "-0.50"). */
const decimalOfPaisa = (paisa: number) =>
  `${paisa < 0 ? '-' : ''}${Math.trunc(Math.abs(paisa) / 100)}.${String(Math.abs(paisa) % 100).padStart(2, '0')}`;

/** A day's, a channel's or a range's gateway money on the wire. */
const paymentFiguresView = (figures: DayFigures): PaymentFigures => ({
  payments: figures.payments,
  amount: figures.amount,
  fees: decimalOfPaisa(figures.feesPaisa),
  charged: decimalOfPaisa(figures.chargedPaisa),
  refunds: figures.refunds,
  refunded: figures.refunded,
  net: figures.amount - figures.refunded,
});

/** A line of the gateway's day book, the payer's number masked. */
export const paymentBookLineView = (line: GatewayBookLine): PaymentBookLine => ({
  at: line.at,
  paid_at: line.paidAt ?? null,
  kind: line.kind,
  ref_kind: line.reference.kind,
  ref_id: line.reference.id,
  user_id: line.reference.userId,
  amount: line.amount,
  ...receiptView(line.receipt),
  payment_method: channelOf(line),
});

/** The daily reconciliation on the wire; each day's lines only when asked for (`?detail=1`). */
export const paymentDaysView = (report: PaymentDaysReport, { detail = false } = {}): AdminPaymentDays => ({
  days: report.days.map((day) => ({
    day: day.day,
    channels: day.channels.map((channel) => ({ payment_method: channel.paymentMethod, ...paymentFiguresView(channel) })),
    totals: paymentFiguresView(day.totals),
    ...(detail ? { lines: day.lines.map(paymentBookLineView) } : {}),
  })),
  totals: paymentFiguresView(report.totals),
});

/** The CSV's columns, in order: its header row. */
export const paymentDaysCsvColumns = [
  'day',
  'payment_method',
  'payments',
  'amount',
  'fees',
  'charged',
  'refunds',
  'refunded',
  'net',
] as const;

/** The daily reconciliation as CSV: the header row, then one row per day and channel (a day without gateway money has none). */
export function paymentDaysCsv(report: AdminPaymentDays): string {
  const rows = report.days.flatMap((day) =>
    day.channels.map((channel) => [
      day.day,
      channel.payment_method,
      channel.payments,
      channel.amount,
      channel.fees,
      channel.charged,
      channel.refunds,
      channel.refunded,
      channel.net,
    ]),
  );
  return csvText(paymentDaysCsvColumns, rows);
}
