/**
 * The Payments section's pure pieces: the report's range (Dhaka days) and its checks, worded as
 * the server words its 400s (functions/admin/handlers/get-payment-days.ts), and how gateway
 * payments read.
 */
import { groupDigits } from '../../lib/format';

/** The longest range one report covers (the server refuses more). */
export const maxReportDays = 31;

/** The days a report covers when the URL names none: the last seven, today included. */
export const defaultReportDays = 7;

const dayMs = 24 * 60 * 60 * 1000;

/** Bangladesh Standard Time is UTC+6 all year: the shop's calendar day of an instant. */
export const dhakaDay = (epochMs: number) => new Date(epochMs + 6 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** The calendar day `days` after `day` (before, when negative). */
export const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

const isCalendarDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && shiftDay(text, 0) === text;

/** The range the URL names, the server's defaults filled in: to today (Dhaka), from the week that ends there. */
export function reportRange(from: string | null, to: string | null, now = Date.now()) {
  const end = to || dhakaDay(now);
  return { from: from || shiftDay(end, 1 - defaultReportDays), to: end };
}

/** What is wrong with a range, by field, as the server would say it; empty when it may be asked for. */
export function rangeProblems({ from, to }: { from: string; to: string }): { from?: string; to?: string } {
  if (!isCalendarDay(from)) return { from: 'From must be a date written YYYY-MM-DD' };
  if (!isCalendarDay(to)) return { to: 'To must be a date written YYYY-MM-DD' };
  if (from > to) return { from: 'From must not be after To' };
  if ((Date.parse(to) - Date.parse(from)) / dayMs + 1 > maxReportDays) return { to: `A report covers at most ${maxReportDays} days` };
  return {};
}

const methodNames: Record<string, string> = { bkash: 'bKash', nagad: 'Nagad', rocket: 'Rocket', upay: 'Upay', unknown: 'Unknown' };

/** A gateway payment method as people write it ("bkash" → bKash); one we do not know as the gateway named it. */
export const methodName = (method: string) => methodNames[method.trim().toLowerCase()] ?? (method.trim() || 'Unknown');

/** A gateway decimal amount as the shop writes money: "1250.5" → ৳1,250.50. */
export function decimalTaka(amount: string): string {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return amount ? `৳${amount}` : '—';
  return `${match[1] ? '−' : ''}৳${groupDigits(Number(match[2]))}.${(match[3] ?? '').padEnd(2, '0')}`;
}

/** How long a payment has waited: "just now", "45 min", "3 h 20 min", "2 days 4 h". */
export function waitedFor(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} days ${hours % 24} h` : `${days} days`;
}
