/**
 * The Payments section's pure pieces: the report's range and its checks (the server's own, from
 * the contract), and how gateway payments read.
 */
import { groupDigits } from '../../../lib/format';

export { rangeProblems, reportRange } from '@contract/report-range';

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
