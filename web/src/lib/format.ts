/**
 * Numbers, money and dates as the shop writes them, in either language (English by default: the
 * operators' console is English). Shopper pages take them bound to the chosen language from
 * `useT()` (lib/i18n.ts). Pure: no DOM, no state.
 */
import type { Language } from '@contract/fields';
import { groupDigits } from '@contract/format';

export { groupDigits, signedTaka, taka } from '@contract/format';

export type Locale = Language;

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
