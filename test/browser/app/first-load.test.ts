import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { registerAndLogIn } from '../../support/accounts';
import { phone, settled, toast, useBrowser } from '../../support/browser';

/** Whether any style sheet of the page carries react-toastify's rules. */
const toastStylesLoaded = () =>
  [...document.styleSheets].some((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes('.Toastify__toast')));

/** The public pages a visit starts on (web/first-page.ts), with their route modules' names. */
const startPages: [path: string, routeModule: string][] = [
  ['/', 'home'],
  ['/category/free-fire', 'category'],
  ['/voucher/google-play', 'voucher'],
  ['/blogs', 'blogs'],
  ['/blog/how-to-top-up-free-fire', 'blog'],
  ['/login', 'login'],
  ['/register', 'register'],
  ['/forgot-password', 'forgot-password'],
  ['/voucher-code', 'voucher-code'],
  ['/player-id-topup', 'player-id-topup'],
  ['/about-us', 'about-us'],
  ['/contact-us', 'contact-us'],
  ['/terms-and-condition', 'terms'],
];

/** What the page asked for while index.html was still being parsed (before any of the app's code ran), and after. */
interface StartRecord {
  fetches: { url: string; whileParsing: boolean }[];
  preloads: string[];
}

/** Records every fetch and every link the page adds, and whether the document was still being parsed then. */
function recordStarts() {
  const record: StartRecord = { fetches: [], preloads: [] };
  (window as unknown as { startRecord: StartRecord }).startRecord = record;
  const fetch = window.fetch;
  window.fetch = function (this: unknown, ...args: Parameters<typeof window.fetch>) {
    const url = new URL(args[0] instanceof Request ? args[0].url : String(args[0]), location.href);
    record.fetches.push({ url: url.pathname + url.search, whileParsing: document.readyState === 'loading' });
    return fetch.apply(this, args);
  };
  const appendChild = Node.prototype.appendChild;
  Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    if (node instanceof HTMLLinkElement && document.readyState === 'loading') record.preloads.push(node.getAttribute('href') ?? '');
    return appendChild.call(this, node) as T;
  };
}

/** Holds the answers to requests for `url` until the returned function is called. */
async function hold(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe('what a first visit loads', () => {
  const browser = useBrowser();

  it("starts each public page's chunk and reads from index.html, and the app takes every read it started", async () => {
    const { page, errors } = await browser.open('/robots.txt', phone, { showPopups: true });
    await page.context().addInitScript(recordStarts);
    for (const [path, routeModule] of startPages) {
      await page.goto(path);
      await settled(page);
      const { record, untaken } = await page.evaluate(() => ({
        record: (window as unknown as { startRecord: StartRecord }).startRecord,
        untaken: Object.keys((window as unknown as { firstReads?: object }).firstReads ?? {}),
      }));
      const early = record.fetches.filter((fetch) => fetch.whileParsing).map((fetch) => fetch.url);
      expect(early, path).toEqual(expect.arrayContaining(['/api/user/site_settings', '/api/user/master_category_list']));
      expect(untaken, `${path}: reads started and never used`).toEqual([]);
      // Taken over, not asked again: the app's first asks for these went to the answers already under way.
      const askedAgain = record.fetches.filter((fetch) => !fetch.whileParsing && early.includes(fetch.url)).map((fetch) => fetch.url);
      expect(askedAgain, `${path}: reads asked twice`).toEqual([]);
      expect(
        record.preloads.some((href) => new RegExp(`^/assets/${routeModule}-[\\w-]{8}\\.js$`).test(href)),
        `${path}: ${routeModule}'s chunk started by index.html (${record.preloads.join(', ')})`,
      ).toBe(true);
    }
    expect(errors).toEqual([]);
  });

  it("asks for the popup's image from index.html once the settings answer, and opens the popup with its image drawn", async () => {
    const { page, errors } = await browser.open('/robots.txt', phone, { showPopups: true });
    await page.context().addInitScript(() => {
      // Whether each popup image was complete (fetched and decoded) when React put it in the page.
      const seen: boolean[] = [];
      (window as unknown as { popupImagesComplete: boolean[] }).popupImagesComplete = seen;
      new MutationObserver(() => {
        for (const image of document.querySelectorAll<HTMLImageElement>('img.popup-image:not([data-seen])')) {
          image.dataset.seen = '';
          seen.push(image.complete && image.naturalWidth > 0);
        }
      }).observe(document, { childList: true, subtree: true });
    });
    // The page's clock stands still, so the popup's wait (half a second) never ends: a popup drawn
    // can only have come from its decoded image, however slow this machine is.
    await page.clock.install();
    await page.clock.pauseAt(new Date(Date.now() + 1000));
    for (const path of ['/', '/category/free-fire', '/voucher/google-play']) {
      await page.goto(path);
      await page.locator('dialog.modal img.popup-image').waitFor();
      const { preloads, complete } = await page.evaluate(() => ({
        preloads: [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((link) => ({
          href: link.getAttribute('href'),
          priority: link.getAttribute('fetchpriority'),
        })),
        complete: (window as unknown as { popupImagesComplete: boolean[] }).popupImagesComplete,
      }));
      const image = await page.locator('img.popup-image').getAttribute('src');
      // Only the start script adds an image preload (the app's code no longer does): it named the popup's image.
      expect(preloads, path).toContainEqual({ href: image, priority: 'high' });
      expect(complete, path).toEqual([true]);
    }
    // A page no popup opens over asks for no popup image.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Submit' }).waitFor();
    expect(await page.locator('link[rel="preload"][as="image"]:not([href="/images/logo.svg"])').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("does not hold the page back for a popup's picture that is slow to come", async () => {
    const { page, errors } = await browser.open('/robots.txt', phone, { showPopups: true });
    const release = await hold(page, '**/images/popup-offer.svg');
    // The page's clock moves only as the test moves it: past the popup's wait (half a second) but
    // well short of the first page's own limit (3 s), so the page can only be there by the former.
    await page.clock.install();
    await page.clock.pauseAt(new Date(Date.now() + 1000));
    // Not to `load`: the held picture keeps it from coming.
    await page.goto('/category/free-fire', { waitUntil: 'commit' });
    const drawn = page.locator('dialog.modal[open] img.popup-image');
    for (let step = 0; step < 15 && (await drawn.count()) === 0; step += 1) {
      await page.clock.runFor(100);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // The page and the popup's dialog are drawn while the picture is still on its way.
    expect(await drawn.count()).toBe(1);
    expect(await page.getByLabel('Player ID').count()).toBe(1);
    expect(await page.locator('img.popup-image').evaluate((image: HTMLImageElement) => image.complete)).toBe(false);
    release();
    await expect.poll(() => page.locator('img.popup-image').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

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
    const release = await hold(page, '**/assets/toastify-*.js');
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
