import { describe, expect, inject, it } from 'vitest';
import { registerAndLogIn } from '../support/accounts';
import { toast, useBrowser } from '../support/browser';

/** Whether any style sheet of the page carries react-toastify's rules. */
const toastStylesLoaded = () =>
  [...document.styleSheets].some((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes('.Toastify__toast')));

describe('what a first visit loads', () => {
  const browser = useBrowser();

  it('serves robots.txt and the sitemap as the files they are, not the app page', async () => {
    const { url } = inject('stack');
    const robots = await fetch(`${url}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const rules = await robots.text();
    for (const path of ['/admin', '/profile', '/api']) expect(rules).toMatch(new RegExp(`^Disallow: ${path}$`, 'm'));
    const sitemapUrl = /^Sitemap: (\S+)$/m.exec(rules)?.[1];
    expect(new URL(sitemapUrl!).pathname).toBe('/sitemap.xml');

    const sitemap = await fetch(`${url}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).not.toMatch(/html/);
    const xml = await sitemap.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const pages = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(pages).toEqual(
      expect.arrayContaining(['/', '/voucher-code', '/player-id-topup', '/blogs', '/about-us', '/contact-us', '/terms-and-condition']),
    );
    expect(pages.filter((path) => /^\/(admin|profile|api)\b/.test(path))).toEqual([]);
  });

  it('shows a toast asked for before the toast code has loaded, once it has, styled from its style sheet', async () => {
    const account = await registerAndLogIn('toastlate');
    const { page, errors } = await browser.open('/login');
    await page.getByRole('button', { name: 'Submit' }).waitFor();
    expect(await page.evaluate(toastStylesLoaded)).toBe(false);

    // Hold react-toastify's chunk (lib/toastify.tsx) until the toast has been asked for.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/toastify-*.js', async (route) => {
      await held;
      await route.continue();
    });
    const chunkRequested = page.waitForRequest('**/assets/toastify-*.js');
    await page.getByLabel('Email/Mobile Number').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await chunkRequested;
    await expect.poll(() => page.locator('.Toastify__toast').count()).toBe(0);

    release();
    await toast(page, 'Invalid email/mobile number or password');
    expect(await page.evaluate(toastStylesLoaded)).toBe(true);
    expect(errors).toEqual([]);
  });
});
