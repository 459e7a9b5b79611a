import { paisaOf } from '../../gateway/port';
import { type GatewayBookLine, listBookDay } from '../../gateway/repo';
import { daysBetween } from '../../contract/report-range';
import { logger } from '../../shared/logger';

/** Gateway money of a channel, a day or a range: whole taka, and the gateway's fees and charged amounts in paisa (summed exactly). */
export interface PaymentFigures {
  payments: number;
  amount: number;
  feesPaisa: number;
  chargedPaisa: number;
  refunds: number;
  refunded: number;
}

/** One channel of a day. */
export interface ChannelFigures extends PaymentFigures {
  /** The gateway's payment method, lower case; "unknown" when it named none. */
  paymentMethod: string;
}

/** One Dhaka day of the gateway's day book: its channels by name, their totals, and its lines in time order. */
export interface PaymentDayReport {
  day: string;
  channels: ChannelFigures[];
  totals: PaymentFigures;
  lines: GatewayBookLine[];
}

/** Every day of a range, oldest first, and the range's totals. */
export interface PaymentDaysReport {
  days: PaymentDayReport[];
  totals: PaymentFigures;
}

const noFigures = (): PaymentFigures => ({ payments: 0, amount: 0, feesPaisa: 0, chargedPaisa: 0, refunds: 0, refunded: 0 });

/** The channel a line counts under: its payment method, lower case, or "unknown". */
export const channelOf = (line: GatewayBookLine) => line.receipt.paymentMethod.trim().toLowerCase() || 'unknown';

/** A gateway amount of a book line in paisa; one the gateway left empty is none, one we cannot read counts as none and is logged. */
function paisaIn(line: GatewayBookLine, field: 'fee' | 'chargedAmount'): number {
  const text = line.receipt[field];
  if (!text.trim()) return 0;
  const paisa = paisaOf(text);
  if (Number.isNaN(paisa)) {
    logger.warn('unreadable gateway amount in the day book', { invoiceId: line.receipt.invoiceId, field });
    return 0;
  }
  return paisa;
}

/** Adds one book line to figures: a payment's amount, fee and charged amount, or a refund's amount. */
function addLine(figures: PaymentFigures, line: GatewayBookLine): void {
  if (line.kind === 'refund') {
    figures.refunds += 1;
    figures.refunded += line.amount;
    return;
  }
  figures.payments += 1;
  figures.amount += line.amount;
  figures.feesPaisa += paisaIn(line, 'fee');
  figures.chargedPaisa += paisaIn(line, 'chargedAmount');
}

/** Figures summed. */
export function addFigures(sum: PaymentFigures, more: PaymentFigures): PaymentFigures {
  return {
    payments: sum.payments + more.payments,
    amount: sum.amount + more.amount,
    feesPaisa: sum.feesPaisa + more.feesPaisa,
    chargedPaisa: sum.chargedPaisa + more.chargedPaisa,
    refunds: sum.refunds + more.refunds,
    refunded: sum.refunded + more.refunded,
  };
}

/** A day's figures from its book lines: per channel (by name) and in total. Pure. */
export function paymentDay(day: string, lines: GatewayBookLine[]): PaymentDayReport {
  const channels = new Map<string, PaymentFigures>();
  for (const line of lines) {
    const channel = channelOf(line);
    if (!channels.has(channel)) channels.set(channel, noFigures());
    addLine(channels.get(channel)!, line);
  }
  const named = [...channels]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([paymentMethod, figures]) => ({ paymentMethod, ...figures }));
  return { day, channels: named, totals: named.reduce<PaymentFigures>(addFigures, noFigures()), lines };
}

/**
 * The operators' daily reconciliation: the gateway's day book from `from` to `to` (Dhaka days,
 * both included), per day and channel, to hold against the gateway's own statement.
 * One Query per day (gsi3 `GATEWAYDAY#<day>`), the days in parallel; the handler keeps a range
 * to the contract's `maxReportDays`.
 */
export async function paymentDays(from: string, to: string): Promise<PaymentDaysReport> {
  const days = await Promise.all(daysBetween(from, to).map(async (day) => paymentDay(day, await listBookDay(day))));
  return { days, totals: days.map((day) => day.totals).reduce(addFigures, noFigures()) };
}
