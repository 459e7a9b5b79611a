/**
 * The Reports section's pure pieces: the range (the server's own checks, from the contract), its
 * quick choices, and how the report's durations read.
 */
import { dhakaDay, maxSalesReportDays, rangeProblems, shiftDay } from '@contract/report-range';

export { maxSalesReportDays, reportRange } from '@contract/report-range';

/** What is wrong with a Reports range, by field (at most 90 days); empty when it may be asked for. */
export const salesRangeProblems = (range: { from: string; to: string }) => rangeProblems(range, maxSalesReportDays);

/** The quick choices: the last 7, 30 or 90 Dhaka days, today included. */
export const quickRanges = [7, 30, 90] as const;

/** The `days` Dhaka days that end today. */
export const lastDays = (days: number, now = Date.now()) => {
  const to = dhakaDay(now);
  return { from: shiftDay(to, 1 - days), to };
};

/** A Dhaka day in a chart's few characters: "24 Nov". */
export const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A mean time in seconds as people say it: "45 s", "3 min 20 s", "2 h 5 min"; a dash when nothing was measured. */
export function seconds(value: number | null): string {
  if (value === null) return '—';
  const total = Math.round(value);
  if (total < 60) return `${total} s`;
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return total % 60 ? `${minutes} min ${total % 60} s` : `${minutes} min`;
  return minutes % 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${Math.floor(minutes / 60)} h`;
}

/** A mean time in hours, to one decimal: "5.5 h"; a dash when nothing was measured. */
export const hours = (value: number | null) => (value === null ? '—' : `${Math.round(value * 10) / 10} h`);

/** A bar's share of the longest, in percent (0 when the longest is none). */
export const barShare = (value: number, longest: number) => (longest > 0 ? Math.max(0, Math.min(100, (value / longest) * 100)) : 0);
