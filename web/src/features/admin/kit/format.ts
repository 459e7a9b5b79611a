import { taka } from '../../../lib/format';

/** How long ago an ISO time was, as a queue reads it: "just now", "12 min ago", "3 h ago", "2 days ago". */
export function ago(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** A balance change with its sign: +৳50, −৳22. */
export const signedTaka = (amount: number) => `${amount < 0 ? '−' : '+'}${taka(Math.abs(amount))}`;

/** A Dhaka calendar day (YYYY-MM-DD) as people write it: 24 Nov 2026. */
export const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
