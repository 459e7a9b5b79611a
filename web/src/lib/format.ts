/**
 * Numbers, money and dates as the shop writes them, in either language (English by default: the
 * operators' console is English). Shopper pages take them bound to the chosen language from
 * `useT()` (lib/i18n.ts). Pure: no DOM, no state.
 */
export type Locale = 'bn' | 'en';

const bengaliDigits = '০১২৩৪৫৬৭৮৯';

/** ASCII digits as Bengali ones. */
const toBengaliDigits = (text: string) => text.replace(/[0-9]/g, (digit) => bengaliDigits[Number(digit)]!);

/**
 * Digits grouped the Bangladeshi way in both languages: the last three, then twos (1,25,000;
 * 12,34,567; ১২,৩৪,৫৬৭), the grouping a Bangladeshi reads in English too. Written out rather than
 * left to `toLocaleString`, whose grouping depends on the browser's locale data.
 */
export function groupDigits(whole: number, locale: Locale = 'en'): string {
  const digits = String(Math.trunc(Math.abs(whole)));
  const last = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${last}` : last;
  const signed = whole < 0 ? `-${grouped}` : grouped;
  return locale === 'bn' ? toBengaliDigits(signed) : signed;
}

/** Whole taka: ৳1,250 and ৳1,25,000; in Bengali ৳১,২৫০. */
export const taka = (amount: number, locale: Locale = 'en') =>
  amount < 0 ? `−৳${groupDigits(-amount, locale)}` : `৳${groupDigits(amount, locale)}`;

/** A change of balance with its sign: +৳750, −৳22. */
export const signedTaka = (delta: number, locale: Locale = 'en') => (delta > 0 ? `+${taka(delta, locale)}` : taka(delta, locale));

const dateLocale = (locale: Locale) => (locale === 'bn' ? 'bn-BD' : 'en-GB');

/**
 * A moment as a short date and time in Dhaka's time: "22 Nov 2026, 9:41 am"; in Bengali
 * "২২ নভে, ২০২৬, ৯:৪১ সকাল" (the part of the day in words: Bengali writes no AM or PM).
 */
export const dateTime = (iso: string, locale: Locale = 'en') =>
  new Date(iso).toLocaleString(dateLocale(locale), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(locale === 'bn' ? { dayPeriod: 'short' } : { hour12: true }),
    timeZone: 'Asia/Dhaka',
  });

/** A day in Dhaka: "22 November 2026"; "২২ নভেম্বর, ২০২৬". */
export const longDate = (iso: string, locale: Locale = 'en') =>
  new Date(iso).toLocaleDateString(dateLocale(locale), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Dhaka' });

/** A count with its noun in the right number, in the console's English: "1 group", "3 groups". */
export const counted = (n: number, noun: string) => `${groupDigits(n)} ${noun}${n === 1 ? '' : 's'}`;
