/**
 * Digits grouped the Bangladeshi way: the last three, then twos (1,25,000; 12,34,567). Written
 * out rather than left to `toLocaleString`, whose grouping depends on the browser's locale data.
 */
export function groupDigits(whole: number): string {
  const digits = String(Math.trunc(Math.abs(whole)));
  const last = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${last}` : last;
  return whole < 0 ? `-${grouped}` : grouped;
}

/** Whole taka as the shop writes it everywhere: ৳1,250; ৳1,25,000. */
export const taka = (amount: number) => (amount < 0 ? `−৳${groupDigits(-amount)}` : `৳${groupDigits(amount)}`);

/** A change of balance with its sign: +৳750, −৳22. */
export const signedTaka = (delta: number) => (delta > 0 ? `+${taka(delta)}` : taka(delta));

/** An ISO timestamp as a short local date and time: 22 Nov 2026, 9:41 AM. */
export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });

/** A count with its noun in the right number: "1 group", "3 groups" (nouns whose plural adds an s). */
export const counted = (n: number, noun: string) => `${groupDigits(n)} ${noun}${n === 1 ? '' : 's'}`;
