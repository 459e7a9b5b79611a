/**
 * Money as the shop writes it, in either of its languages: the SPA's pages and the server's mails
 * and notifications say amounts the same way. Pure.
 */
import type { Language } from './fields';

const bengaliDigits = '০১২৩৪৫৬৭৮৯';

/** ASCII digits as Bengali ones. */
export const toBengaliDigits = (text: string) => text.replace(/[0-9]/g, (digit) => bengaliDigits[Number(digit)]!);

/**
 * Digits grouped the Bangladeshi way in both languages: the last three, then twos (1,25,000;
 * 12,34,567; ১২,৩৪,৫৬৭), the grouping a Bangladeshi reads in English too. Written out rather than
 * left to `toLocaleString`, whose grouping depends on the runtime's locale data.
 */
export function groupDigits(whole: number, language: Language = 'en'): string {
  const digits = String(Math.trunc(Math.abs(whole)));
  const last = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${last}` : last;
  const signed = whole < 0 ? `-${grouped}` : grouped;
  return language === 'bn' ? toBengaliDigits(signed) : signed;
}

/** Whole taka: ৳1,250 and ৳1,25,000; in Bengali ৳১,২৫০. */
export const taka = (amount: number, language: Language = 'en') =>
  amount < 0 ? `−৳${groupDigits(-amount, language)}` : `৳${groupDigits(amount, language)}`;

/** A change of balance with its sign: +৳750, −৳22. */
export const signedTaka = (delta: number, language: Language = 'en') => (delta > 0 ? `+${taka(delta, language)}` : taka(delta, language));
