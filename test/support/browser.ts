import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import type { ViteDevServer } from 'vite';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { chromiumFlags, chromiumPath } from '../../scripts/local/chromium';
import { projectRoot } from './spawn-stack';

export const desktop = { width: 1440, height: 900 };
export const phone = { width: 360, height: 740 };

/**
 * One Chromium per test file; each test opens its own context (fresh storage) on the stack's
 * origin. Page errors and Content-Security-Policy violations (the stack serves the SPA under the
 * shop's real CSP) fail loudly through `errors`.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  });
  // A test's pages close with it: left open, their polls and timers would run through every later test of the file.
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /**
     * A fresh page at `path`, with the console's errors collected. The site's promotional popups
     * start closed (as after a visitor closed them on this device) unless `showPopups` is set, so
     * that a test is not blocked by a modal it is not about. `bypassCsp` lets a test inject a
     * script of its own (the accessibility checker), which the shop's CSP rightly refuses.
     * `origin` serves the page from elsewhere than the stack (the dev server of `useDevSpa`).
     * `signedInAs` opens it as a returning shopper with that token stored (one load, as after a
     * sign-in on an earlier visit) and waits for the signed-in header. The shop's service worker
     * is blocked unless `serviceWorkers` is `allow` (app/installable.test.ts): a worker that answers
     * a page's requests hides them from `page.route`, and it activates at a moment of its own.
     * `locale` is the browser's language (`bn-BD`: a first visit in Bengali); English otherwise.
     */
    async open(
      path: string,
      viewport = desktop,
      {
        showPopups = false,
        bypassCsp = false,
        origin = inject('stack').url,
        signedInAs,
        permissions,
        serviceWorkers = 'block',
        locale = 'en-US',
      }: {
        showPopups?: boolean;
        bypassCsp?: boolean;
        origin?: string;
        signedInAs?: string;
        permissions?: string[];
        serviceWorkers?: 'allow' | 'block';
        locale?: string;
      } = {},
    ): Promise<{ page: Page; errors: string[] }> {
      const storageState = signedInAs ? { cookies: [], origins: [{ origin, localStorage: [storedSession(signedInAs)] }] } : undefined;
      const context = await browser!.newContext({
        viewport,
        baseURL: origin,
        bypassCSP: bypassCsp,
        storageState,
        permissions,
        serviceWorkers,
        locale,
      });
      contexts.push(context);
      // The shop's pages may link images on the internet (YouTube thumbnails, operators' image
      // links); this machine has none, so they fail at once rather than hang until a timeout.
      await context.route(
        (url) => !localHosts.has(url.hostname),
        (route) => route.abort('internetdisconnected'),
      );
      if (!showPopups) {
        // As the SPA remembers a closed popup on the device: `popupClosed.<slot>` holds the version closed.
        const closed = await popupVersions(origin);
        await context.addInitScript((entries) => {
          // The shop's own document only: an embedded frame (a YouTube player) may not touch storage.
          if (window === window.top) for (const [name, value] of entries) localStorage.setItem(name, value);
        }, closed);
      }
      const page = await context.newPage();
      trackRequests(page);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        const report = `${message.text()} @ ${JSON.stringify(message.location())}`;
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text()) && !sanitizerParseReport.test(report))
          errors.push(report);
      });
      await page.goto(path);
      if (signedInAs) await signedInHeader(page);
      return { page, errors };
    },
  };
}

/**
 * The SPA as `npm start` serves it: Vite's dev server, so React's development build, where
 * StrictMode mounts every component twice; /api and /config.json go on to the tier's stack.
 * For what behaves differently there; every other journey runs on the build that ships.
 * Returns the dev server's origin, known once the tests start.
 */
export function useDevSpa(): () => string {
  let vite: ViteDevServer | undefined;
  beforeAll(async () => {
    const { createServer } = await import('vite');
    const stack = inject('stack').url;
    vite = await createServer({
      configFile: join(projectRoot, 'web', 'vite.config.ts'),
      server: { host: '127.0.0.1', port: 0, proxy: { '/api': stack, '/config.json': stack } },
      logLevel: 'warn',
    });
    await vite.listen();
  });
  afterAll(() => vite?.close());
  return () => vite!.resolvedUrls!.local[0]!.replace(/\/$/, '');
}

/** The popups' versions as the stack's settings give them now, as the SPA's storage entries of closed popups. */
async function popupVersions(origin: string): Promise<[string, string][]> {
  const response = await fetch(`${origin}/api/user/site_settings`);
  const { data } = (await response.json()) as { data: { popup_version: string; popup_version2: string } };
  return [
    ['popupClosed.1', data.popup_version],
    ['popupClosed.2', data.popup_version2],
  ];
}

/** The stack, its gateway and its identity provider all run on this machine. */
const localHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * DOMPurify parses stored HTML in an inert document, where Chrome still checks an event handler
 * attribute against the page's CSP and reports it refused before DOMPurify drops it: the policy's
 * second line of defence at work, not a fault (catalog/public-pages.test.ts shows that nothing ran).
 */
const sanitizerParseReport = /^Executing inline event handler violates .* @ .*\/assets\/safe-html-/;

/** Each page's requests still under way, so that a page that never settles names them. */
const inFlight = new WeakMap<Page, Set<string>>();

function trackRequests(page: Page): void {
  const open = new Set<string>();
  inFlight.set(page, open);
  page.on('request', (request) => open.add(request.url()));
  page.on('requestfinished', (request) => open.delete(request.url()));
  page.on('requestfailed', (request) => open.delete(request.url()));
}

/**
 * Waits until the page has nothing left to load (requests off this machine fail at once) and its
 * fonts are in; a page that does not settle fails naming the requests still under way.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 25_000 }).catch((error: Error) => {
    throw new Error(`${error.message}; still loading: ${[...(inFlight.get(page) ?? [])].join(', ') || 'nothing known'}`);
  });
  await page.evaluate(() => document.fonts.ready);
}

/**
 * Waits for a new toast with this text, and marks it seen: a second save's "Saved" is not the
 * first one's, still on the screen.
 */
export async function toast(page: Page, text: string): Promise<void> {
  const shown = page.locator('.Toastify__toast:not([data-seen-by-test])', { hasText: text }).first();
  await shown.waitFor();
  await shown.evaluate((element) => element.setAttribute('data-seen-by-test', ''));
}

/** The stored session of a signed-in shopper, as the SPA keeps it. */
const storedSession = (token: string) => ({ name: 'authState', value: JSON.stringify({ userToken: token }) });

/**
 * Waits for the header of a signed-in shopper (the wallet link with its balance); in the console,
 * which has no wallet chip, for the account menu.
 */
const signedInHeader = (page: Page) =>
  /^\/admin(\/|$)/.test(new URL(page.url()).pathname)
    ? page.getByRole('button', { name: /^Account menu/ }).waitFor()
    : page.locator('a.wallet-chip').filter({ hasText: '৳' }).waitFor();

/** Signs an open page in the way a returning shopper is: a stored session, then a load of `path`. */
export async function signIn(page: Page, token: string, path: string): Promise<void> {
  await page.evaluate(({ name, value }) => localStorage.setItem(name, value), storedSession(token));
  await page.goto(path);
  await signedInHeader(page);
}
