/**
 * The calendar of the operators' reports, one for the server (its 400s) and the console (its form):
 * Dhaka days written YYYY-MM-DD, the default range and the longest one, and what is wrong with a range.
 */

/** Bangladesh Standard Time is UTC+6 all year: the shop's calendar day of an instant, as YYYY-MM-DD. */
export const dhakaDay = (epochMs: number) => new Date(epochMs + 6 * 60 * 60 * 1000).toISOString().slice(0, 10);

const dayMs = 24 * 60 * 60 * 1000;

/** The longest range the payments' report covers, in days (one Query per day). */
export const maxReportDays = 31;

/** The longest range of the sales report and its exports, in days. */
export const maxSalesReportDays = 90;

/** The days a report covers when none are named: the last seven, today included. */
export const defaultReportDays = 7;

/** The calendar day `days` after `day` (before, when negative). */
export const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

/** Whether a text is a calendar day written YYYY-MM-DD (2026-02-30 is not). */
export const isCalendarDay = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && shiftDay(text, 0) === text;

/** How many days run from `from` to `to`, both included. */
export const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;

/** The days from `from` to `to`, both included, oldest first (none when `from` is after `to`). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = shiftDay(day, 1)) days.push(day);
  return days;
}

/** The range asked for, the defaults filled in: without `to`, today (Dhaka); without `from`, the week that ends on `to`. */
export function reportRange(
  from: string | null | undefined,
  to: string | null | undefined,
  now = Date.now(),
): { from: string; to: string } {
  const end = to || dhakaDay(now);
  return { from: from || shiftDay(end, 1 - defaultReportDays), to: end };
}

/** What is wrong with a range, by field; empty when it may be asked for. */
export function rangeProblems({ from, to }: { from: string; to: string }, maxDays = maxReportDays): { from?: string; to?: string } {
  if (!isCalendarDay(from)) return { from: 'From must be a date written YYYY-MM-DD' };
  if (!isCalendarDay(to)) return { to: 'To must be a date written YYYY-MM-DD' };
  if (from > to) return { from: 'From must not be after To' };
  if (dayCount(from, to) > maxDays) return { to: `A report covers at most ${maxDays} days` };
  return {};
}
