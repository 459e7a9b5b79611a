import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page, type Response, chromium } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumFlags, chromiumPath } from '../../../scripts/local/chromium';
import type { ReceivedPush, TestSubscription } from '../../../scripts/local/push-stand-in';
import { logInAdmin, placeUidOrder, uniquePlayerId } from '../../support/admin';
import { desktop, useBrowser } from '../../support/browser';
import { callApi } from '../../support/http';
import { fundedAccount } from '../../support/money';

/** Waits until the shop's service worker controls the page (installed, shell cached, activated, clients claimed). */
const controlled = (page: Page) =>
  page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });

describe('the installable app', () => {
  const browser = useBrowser();

  it('serves the manifest and the service worker as what they are, the worker never cached for long', async () => {
    const { url } = inject('stack');
    const manifest = await fetch(`${url}/manifest.json`);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await manifest.json()).toMatchObject({ start_url: '/', scope: '/', display: 'standalone', short_name: 'TopUp Bazar' });
    const worker = await fetch(`${url}/sw.js`);
    expect(worker.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });

  it('is installable as Chrome judges it: no installability errors', async () => {
    // A profile of its own: Chrome never offers to install from an incognito window, which every new context is.
    const profile = mkdtempSync(join(tmpdir(), 'storefront-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      args: chromiumFlags,
      baseURL: inject('stack').url,
      viewport: desktop,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await controlled(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
      expect(installabilityErrors).toEqual([]);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(new URL(manifest.url).pathname).toBe('/manifest.json');
      expect(manifest.errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('loads the shell from the service worker on a second visit, never an API answer, and shows the offline page offline', async () => {
    const { page, errors } = await browser.open('/', desktop, { serviceWorkers: 'allow' });
    await controlled(page);
    const entryPath = /<script type="module"[^>]*src="([^"]+)"/.exec(await (await fetch(`${inject('stack').url}/`)).text())![1]!;
    const cached = await page.evaluate(async () => {
      const cache = await caches.open((await caches.keys())[0]!);
      return (await cache.keys()).map((request) => new URL(request.url).pathname);
    });
    expect(cached).toEqual(expect.arrayContaining(['/', entryPath, '/offline.html']));
    expect(cached.filter((path) => path.startsWith('/api'))).toEqual([]);
    // The entry script is out of the network's reach now: the page still starts, so it came from the cache.
    await page.context().route(`**${entryPath}`, (route) => route.abort('internetdisconnected'));
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    const document = await page.reload({ waitUntil: 'networkidle' });
    expect(document!.fromServiceWorker()).toBe(true);
    const path = (response: Response) => new URL(response.url()).pathname;
    const entry = responses.filter((response) => /^\/assets\/index-[\w-]+\.js$/.test(path(response)));
    expect(entry).toHaveLength(1);
    expect(entry[0]!.fromServiceWorker()).toBe(true);
    const api = responses.filter((response) => path(response).startsWith('/api/'));
    expect(api.length).toBeGreaterThan(0);
    expect(api.filter((response) => response.fromServiceWorker())).toEqual([]);
    await page.locator('#root > *').first().waitFor();
    await page.context().unroute(`**${entryPath}`);

    await page.context().setOffline(true);
    await page.goto('/profile/notifications');
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    await page.context().setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.locator('#root > *').first().waitFor();
    expect(await page.getByRole('heading', { name: 'You are offline' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("pushes an operator's completion to the shopper's device, and the worker shows it, titled and linked to the order", async () => {
    const { url, pushServiceUrl } = inject('stack');
    const [buyer, admin] = await Promise.all([fundedAccount(100, 'pushui'), logInAdmin()]);
    const orderId = await placeUidOrder(buyer, uniquePlayerId());
    const { page, errors } = await browser.open(`/profile/order/${orderId}`, desktop, {
      signedInAs: buyer.token,
      permissions: ['notifications'],
      serviceWorkers: 'allow',
    });
    const toggle = page.getByRole('switch', { name: 'Notify me on this device' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await controlled(page);

    // Headless Chromium subscribes only through Google's push service (FCM), unreachable here: the
    // toggle's own subscribe fails and says so. The device is then the push stand-in's, whose keys
    // it keeps so that it can read what the shop pushes; the page posts it through the shop's API.
    await toggle.click();
    await page.getByText('This browser could not turn on notifications right now. Please try again later.').waitFor({ timeout: 30_000 });
    expect(await toggle.isChecked()).toBe(false);
    const device = (await (await fetch(`${pushServiceUrl}/test/subscriptions`, { method: 'POST' })).json()) as TestSubscription;
    const posted = await page.evaluate(
      async ({ device, token }) => {
        const body = new FormData();
        body.set('endpoint', device.endpoint);
        body.set('p256dh', device.keys.p256dh);
        body.set('auth', device.keys.auth);
        return (await fetch('/api/user/push_subscriptions', { method: 'POST', headers: { authorization: token }, body })).status;
      },
      { device, token: buyer.token },
    );
    expect(posted).toBe(200);

    const completed = await callApi(`/admin/orders/${orderId}/complete`, { token: admin, form: { remark: '' } });
    expect(completed.status).toBe(200);
    const pushed = async () =>
      ((await (await fetch(`${pushServiceUrl}/messages`)).json()) as ReceivedPush[]).filter(
        (message) => message.endpoint === device.endpoint,
      );
    await expect.poll(async () => (await pushed()).length, { timeout: 15_000 }).toBe(1);
    const [push] = await pushed();
    const payload = JSON.parse(push!.payload!) as { title: string; body: string; url: string; tag: string };
    expect(payload).toMatchObject({ title: 'Delivered: 25 Diamonds', url: `${url}/profile/order/${orderId}` });
    expect(payload.body).toContain('25 Diamonds');

    // The same payload into the page's worker, as the browser's push service would bring it.
    const cdp = await page.context().newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on(
        'ServiceWorker.workerRegistrationUpdated',
        ({ registrations }: { registrations: { registrationId: string; scopeURL: string }[] }) => {
          const shop = registrations.find((registration) => registration.scopeURL === `${url}/`);
          if (shop) resolve(shop.registrationId);
        },
      ),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: url, registrationId: await registrationId, data: push!.payload! });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((note) => ({
          title: note.title,
          body: note.body,
          tag: note.tag,
          url: (note.data as { url: string }).url,
        })),
      );
    await expect.poll(shown).toEqual([payload]);
    expect(errors).toEqual([]);
  });
});
