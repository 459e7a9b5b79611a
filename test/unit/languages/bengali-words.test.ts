import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dateTime, groupDigits, longDate, signedTaka, taka } from '../../../web/src/lib/format';

/**
 * The shop's words and numbers in Bengali and English through the same runtime the pages use
 * (lib/i18n.ts, the shell's compiled catalogs): ICU plurals, Bengali digits, Dhaka dates.
 */
describe('money and dates in both languages', () => {
  it('writes taka with the Bangladeshi grouping in both, in Bengali digits in Bengali', () => {
    expect(taka(1_234_567, 'bn')).toBe('৳১২,৩৪,৫৬৭');
    expect(taka(1_234_567, 'en')).toBe('৳12,34,567');
    expect(signedTaka(-22, 'bn')).toBe('−৳২২');
    expect(groupDigits(125_000, 'bn')).toBe('১,২৫,০০০');
  });

  it("dates a moment in Dhaka's time, the part of the day in words in Bengali", () => {
    // 03:41 UTC is 9:41 in the morning in Dhaka; 15:41 UTC is 9:41 at night.
    expect(dateTime('2026-11-22T03:41:00Z', 'en')).toBe('22 Nov 2026, 9:41 am');
    expect(dateTime('2026-11-22T03:41:00Z', 'bn')).toBe('২২ নভে, ২০২৬, ৯:৪১ সকাল');
    expect(dateTime('2026-11-22T15:41:00Z', 'bn')).toMatch(/^২২ নভে, ২০২৬, ৯:৪১ রা/);
    // A moment late in the UTC day is already the next day in Dhaka.
    expect(longDate('2026-11-22T20:00:00Z', 'en')).toBe('23 November 2026');
    expect(longDate('2026-11-22T20:00:00Z', 'bn')).toBe('২৩ নভেম্বর, ২০২৬');
  });
});

describe("the shell's messages in both languages", () => {
  let i18n: typeof import('../../../web/src/lib/i18n');
  beforeAll(async () => {
    // lib/i18n writes <html lang>: a stand-in document for Node.
    vi.stubGlobal('document', { documentElement: { lang: 'en' } });
    i18n = await import('../../../web/src/lib/i18n');
    const { shellMessages } = await import('../../../web/src/app/messages');
    await i18n.loadMessages(shellMessages);
  });
  afterAll(async () => {
    await i18n.switchLocale('en');
    vi.unstubAllGlobals();
  });

  it('counts with ICU plurals: one and other in English, Bengali digits in Bengali', async () => {
    await i18n.switchLocale('en');
    expect(i18n.t('header.accountMenuUnread', { count: 1 })).toBe('Account menu, 1 unread notification');
    expect(i18n.t('header.accountMenuUnread', { count: 12 })).toBe('Account menu, 12 unread notifications');
    await i18n.switchLocale('bn');
    expect(i18n.t('header.accountMenuUnread', { count: 12 })).toBe('অ্যাকাউন্ট মেনু, ১২টি না-পড়া নোটিফিকেশন');
    expect(i18n.t('nav.home')).toBe('হোম');
    expect(document.documentElement.lang).toBe('bn');
  });
});
