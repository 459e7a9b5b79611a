import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { logInAdmin, placeUidOrder, sidewaysOverflow, uniquePlayerId } from '../../support/admin';
import { settled, toast, useBrowser } from '../../support/browser';
import { callApi } from '../../support/http';
import { fundedAccount } from '../../support/money';
import { projectRoot } from '../../support/spawn-stack';

/** The phone the issue was tried on. */
const phone390 = { width: 390, height: 844 };

const screenshots = join(projectRoot, 'test-results', 'screenshots');

/** Saves what the phone's screen shows now, to test-results/screenshots/<name>-390.png. */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshots, { recursive: true });
  expect(await sidewaysOverflow(page), name).toBeLessThanOrEqual(0);
  const file = join(screenshots, `${name}-${phone390.width}.png`);
  await page.screenshot({ path: file });
  expect(statSync(file).size).toBeGreaterThan(10_000);
}

let adminToken = '';
beforeAll(async () => {
  adminToken = await logInAdmin();
});

const adminPost = (path: string, form: Record<string, string | number>) =>
  callApi<{ data: Record<string, unknown> }>(path, { method: 'POST', form, token: adminToken });

const popup = (page: Page) => page.getByRole('dialog', { name: 'Announcement' });

/** Waits until nothing is left to load, then counts the popups open. */
async function popupsOpenOnceSettled(page: Page): Promise<number> {
  await settled(page);
  return popup(page).count();
}

/** The sum of the page's layout shifts so far (Cumulative Layout Shift, without those right after input). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );

describe('the shop on a 390 px phone', () => {
  const browser = useBrowser();

  it('opens the popup on the home page, never over sign-in or the console, and not again in a new tab once closed', async () => {
    const { page, errors } = await browser.open('/', phone390, { showPopups: true });
    await popup(page).waitFor();
    await popup(page).locator('img.popup-image').waitFor();
    await popup(page).locator('.popup-text').waitFor();
    await settled(page);
    await shoot(page, 'phone-home-popup');
    // Another tab open meanwhile shows it too, and closes it when it is closed here.
    const other = await page.context().newPage();
    await other.goto('/category/free-fire');
    await popup(other).waitFor();
    await popup(page).getByRole('button', { name: 'Close' }).click();
    await popup(page).waitFor({ state: 'detached' });
    await popup(other).waitFor({ state: 'detached' });

    // A new tab of the same browser: the device remembers the closed popup.
    const tab = await page.context().newPage();
    await tab.goto('/');
    await tab.getByTestId('category-grid').waitFor();
    expect(await popupsOpenOnceSettled(tab)).toBe(0);
    await tab.goto('/category/free-fire');
    await tab.getByRole('heading', { name: 'Free Fire', level: 1 }).waitFor();
    expect(await popupsOpenOnceSettled(tab)).toBe(0);
    expect(errors).toEqual([]);

    // A first visit straight to the sign-in page, a payment result or the console: no popup.
    const { page: login } = await browser.open('/login', phone390, { showPopups: true });
    await login.getByRole('button', { name: 'Submit' }).waitFor();
    expect(await popupsOpenOnceSettled(login)).toBe(0);
    await shoot(login, 'phone-login');

    const { page: console } = await browser.open('/admin', phone390, { showPopups: true, signedInAs: adminToken });
    await console.locator('.figure-card').first().waitFor();
    expect(await popupsOpenOnceSettled(console)).toBe(0);

    // Where a shopper starts from a shared link (a game's page): the popup is there.
    const { page: game } = await browser.open('/category/free-fire', phone390, { showPopups: true });
    await popup(game).waitFor();
  });

  it("shows a closed shop's message above every shopper page without a layout shift, and on Add Money; not in the console", async () => {
    const before = (await callApi<{ data: { shopStatus: number; errorMessage: string } }>('/user/site_settings')).body.data;
    const message = `Closed for Eid until Sunday ${Date.now().toString(36)}`;
    const shopper = await fundedAccount(100, 'closedbanner');
    try {
      expect((await adminPost('/admin/site_settings', { shopStatus: 0, errorMessage: message })).status).toBe(200);
      await expect.poll(async () => (await callApi<{ data: { shopStatus: number } }>('/user/site_settings')).body.data.shopStatus).toBe(0);

      const { page, errors } = await browser.open('/', phone390);
      const banner = page.getByTestId('shop-closed-banner');
      await banner.getByText(message).waitFor();
      await page.getByTestId('category-grid').waitFor();
      await settled(page);
      // The banner is the page's first thing, above the header.
      const [bannerBox, headerBox] = await Promise.all([banner.boundingBox(), page.locator('.site-header').boundingBox()]);
      expect(bannerBox!.y).toBe(0);
      expect(headerBox!.y).toBeGreaterThanOrEqual(bannerBox!.height - 1);
      // It came with the first render (the settings are read before it), so nothing moved down later.
      expect(await layoutShift(page)).toBe(0);
      await shoot(page, 'phone-home-shop-closed');
      expect(errors).toEqual([]);

      const { page: addMoney } = await browser.open('/profile/addMoney', phone390, { signedInAs: shopper.token });
      await addMoney.getByTestId('shop-closed-banner').getByText(message).waitFor();
      await addMoney.locator('.accepted-methods').waitFor();
      await settled(addMoney);
      await shoot(addMoney, 'phone-add-money-shop-closed');

      const { page: console } = await browser.open('/admin', phone390, { signedInAs: adminToken });
      await console.locator('.figure-card').first().waitFor();
      await settled(console);
      expect(await console.getByTestId('shop-closed-banner').count()).toBe(0);
    } finally {
      await adminPost('/admin/site_settings', { shopStatus: before.shopStatus, errorMessage: before.errorMessage });
    }
    const { page: open } = await browser.open('/', phone390);
    await open.getByTestId('category-grid').waitFor();
    await settled(open);
    expect(await open.getByTestId('shop-closed-banner').count()).toBe(0);
  });

  it('gives the console its own bottom bar, names the game on each queue card, and moves the next order up once one is completed', async () => {
    const shopper = await fundedAccount(100, 'phonequeue');
    const first = await placeUidOrder(shopper, uniquePlayerId());
    const second = await placeUidOrder(shopper, uniquePlayerId());
    const { page, errors } = await browser.open('/admin/orders?status=0&sort=newest', phone390, { signedInAs: adminToken });
    const card = (orderId: string) => page.locator(`tr[data-order-id="${orderId}"]`);
    await card(first).waitFor();

    // The game with its icon heads the card: Free Fire and Mobile Legends both sell diamonds.
    const game = card(first).locator('.order-game');
    expect(await game.textContent()).toBe('Free Fire');
    expect(await game.locator('img').getAttribute('src')).toContain('free-fire');

    // The console's bar, not the shoppers' bar or wallet chip.
    expect(await page.getByRole('navigation', { name: 'Quick' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'My wallet' }).count()).toBe(0);
    const bar = page.getByRole('navigation', { name: 'Console' });
    expect(await bar.getByRole('link').allTextContents()).toEqual(['Queue', 'Review', 'Top-ups', 'Codes']);
    expect(await bar.getByRole('link', { name: 'Queue' }).getAttribute('class')).toContain('active');
    await settled(page);
    await shoot(page, 'phone-console-queue');

    // Newest first: the second order is above the first; completing it moves the first one up.
    const firstTop = (await card(first).boundingBox())!.y;
    expect((await card(second).boundingBox())!.y).toBeLessThan(firstTop);
    await card(second).getByRole('button', { name: 'Complete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete order' });
    expect(await dialog.locator('.order-game').textContent()).toBe('Free Fire');
    await shoot(page, 'phone-console-complete');
    await dialog.getByRole('button', { name: 'Mark completed' }).click();
    await toast(page, 'Order completed');
    await card(second).waitFor({ state: 'detached' });
    await expect.poll(async () => (await card(first).boundingBox())!.y).toBeLessThan(firstTop);

    // More opens the other sections.
    await bar.getByRole('button', { name: 'More' }).click();
    const more = page.getByRole('dialog', { name: 'More sections' });
    await more.getByRole('link', { name: 'Site settings' }).waitFor();
    await shoot(page, 'phone-console-more');
    await more.getByRole('link', { name: 'Games and plans' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/catalog');
    await more.waitFor({ state: 'detached' });
    // The route's chunk may still be loading (the navigation is a transition): wait for its render.
    await expect.poll(() => bar.getByRole('button', { name: 'More' }).getAttribute('class')).toBe('active');
    expect(errors).toEqual([]);
  });
});
