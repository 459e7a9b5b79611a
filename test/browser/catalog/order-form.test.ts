import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adjustBalance } from '../../../functions/wallet/service';
import { googlePlaceholderMobile } from '../../../functions/contract/rules';
import { type TestAccount, uniqueContact } from '../../support/accounts';
import { uniquePlayerId } from '../../support/admin';
import { settled, toast, useBrowser } from '../../support/browser';
import { callApi } from '../../support/http';
import { fundedAccount } from '../../support/money';
import { projectRoot } from '../../support/spawn-stack';

/** A fresh player ID the fake supplier knows (it knows none ending in 0, which would hold Confirm). */
const knownPlayerId = () => `${uniquePlayerId().slice(0, -1)}7`;

/** A phone as the issue measured it. */
const phone390 = { width: 390, height: 844 };

/** Where the pictures go for a person to look at (test-results/ is git-ignored). */
const folder = join(projectRoot, 'test-results', 'screenshots');

/** The box of an element on screen, read after it is there. */
const boxOf = async (locator: Locator) => {
  await locator.waitFor();
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on the page');
  return box;
};

/** Whether the whole element is inside the viewport and above the phone's fixed bottom bar, as it is now (no scrolling). */
async function onScreenAboveBottomBar(page: Page, locator: Locator) {
  const box = await boxOf(locator);
  const barTop = (await boxOf(page.locator('.bottom-bar'))).y;
  return box.y >= 0 && box.y + box.height <= barTop && barTop <= phone390.height;
}

/** A Google-registered account (the placeholder mobile number) whose wallet holds `balance`. */
async function googleStyleAccount(balance: number): Promise<TestAccount> {
  const { email } = uniqueContact('gmobile');
  const account = { name: 'Test gmobile', email, mobileNo: googlePlaceholderMobile, password: `pw-${randomBytes(4).toString('hex')}` };
  const registered = await callApi('/auth/register_user', { form: { ...account, mobile_no: account.mobileNo } });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  const login = await callApi<{ data: { authToken: string; code: string } }>('/auth/login', {
    form: { email, password: account.password },
  });
  expect(login.status).toBe(200);
  await adjustBalance(login.body.data.code, balance, 'adjustment', 'test-funding');
  return { ...account, token: login.body.data.authToken, code: login.body.data.code };
}

// The journeys below take many steps each on a loaded machine (the first meets the stack's cold functions): each has time, and no step is timed.
describe('the one-page order form on a 390 px phone', () => {
  const browser = useBrowser();
  mkdirSync(folder, { recursive: true });

  // On a loaded machine a fresh stack's first signed-in reads can outlast the local function timeout (a 500 the header never retries in time): warm them first.
  beforeAll(async () => {
    const warm = await fundedAccount(0, 'warmform');
    for (const path of ['/user/user_data', '/user/notifications', '/user/get_request_list']) {
      for (let attempt = 0; attempt < 5; attempt++) {
        if ((await callApi(path, { token: warm.token, form: {} })).status === 200) break;
      }
    }
  }, 180_000);

  it('opens the Player ID group at once, asks the ID above the packs, says what is missing, and keeps Buy on screen once a pack and an ID are given', async () => {
    const account = await fundedAccount(100, 'oneform');
    const { page, errors } = await browser.open('/category/free-fire', phone390, { signedInAs: account.token });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const form = page.getByRole('form', { name: 'UID TOPUP' });
    await form.locator('.plan-grid .plan-option:not(.skeleton)').first().waitFor();
    // The login orders are a small link away, not a first question.
    expect(await page.getByTestId('plan-groups').getByRole('button').allTextContents()).toEqual(['ID-Password Topup']);
    await form.getByText('How to find your Player ID').waitFor();

    const playerId = form.getByLabel('Player ID');
    const firstPack = form.locator('.plan-option').first();
    expect((await boxOf(playerId)).y + (await boxOf(playerId)).height).toBeLessThan((await boxOf(firstPack)).y);

    const bar = page.getByTestId('order-bar');
    const buy = bar.getByRole('button', { name: 'Buy Now' });
    const missing = bar.getByTestId('order-missing');
    await expect.poll(() => missing.textContent()).toBe('Enter your Player ID');
    expect(await buy.isDisabled()).toBe(true);
    await settled(page);
    await page.screenshot({ path: join(folder, 'order-form-game-page-390.png') });

    await playerId.fill(knownPlayerId());
    await expect.poll(() => missing.textContent()).toBe('Choose a pack');
    await form.getByText('25 Diamonds', { exact: true }).click();
    await expect.poll(() => buy.isEnabled()).toBe(true);
    // The wallet covers ৳22 of ৳100: it is the mode chosen for the shopper.
    await expect.poll(() => form.getByRole('radio', { name: /Wallet/ }).isChecked()).toBe(true);
    await expect.poll(() => bar.locator('.summary-row').textContent()).toBe('25 Diamonds৳22');
    expect(await onScreenAboveBottomBar(page, buy)).toBe(true);
    await page.screenshot({ path: join(folder, 'order-form-filled-390.png') });

    // Scrolled to the top or the bottom of the packs, Buy stays in reach.
    await form.getByText('2530 Diamonds', { exact: true }).scrollIntoViewIfNeeded();
    expect(await onScreenAboveBottomBar(page, buy)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  }, 180_000);

  it('remembers the mode last paid with, and Buy again fills the form from the orders list, the order page and the home card', async () => {
    const account = await fundedAccount(100, 'buyagain');
    const player = knownPlayerId();
    const { page, errors } = await browser.open('/category/free-fire', phone390, { signedInAs: account.token });
    const form = page.getByRole('form', { name: 'UID TOPUP' });
    await form.getByLabel('Player ID').fill(player);
    await form.getByText('25 Diamonds', { exact: true }).click();
    await expect.poll(() => form.getByRole('radio', { name: /Wallet/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await page.getByRole('dialog', { name: 'Confirm your top-up' }).getByRole('button', { name: 'Confirm and pay ৳22' }).click();
    await toast(page, 'Order placed successfully');
    await page.waitForURL((url) => url.pathname === '/profile/userOrder');

    // Back on a game page: the wallet, last used here, is chosen before any pack; a pack above the balance (৳78 left) turns it to Instant Payment.
    await page.goto('/category/free-fire');
    await form.locator('.plan-grid .plan-option:not(.skeleton)').first().waitFor();
    await expect.poll(() => form.getByRole('radio', { name: /Wallet/ }).isChecked()).toBe(true);
    await form.getByText('240 Diamonds', { exact: true }).click();
    await expect.poll(() => form.getByRole('radio', { name: /Instant Payment/ }).isChecked()).toBe(true);

    const expectFilled = async () => {
      await page.waitForURL((url) => url.pathname === '/category/free-fire');
      await expect.poll(() => form.getByLabel('Player ID').inputValue()).toBe(player);
      await expect.poll(() => form.getByRole('radio', { name: /^25 Diamonds/ }).isChecked()).toBe(true);
      await expect.poll(() => form.getByRole('radio', { name: /Wallet/ }).isChecked()).toBe(true);
      await expect.poll(() => page.getByTestId('order-bar').locator('.summary-row').textContent()).toBe('25 Diamonds৳22');
      await expect.poll(() => page.getByRole('button', { name: 'Buy Now' }).isEnabled()).toBe(true);
    };

    await page.goto('/profile/userOrder');
    const row = page.locator('.data-table tbody tr', { hasText: player });
    await row.getByRole('link', { name: 'Buy again: Free Fire 25 Diamonds' }).click();
    await expectFilled();
    await settled(page);
    await page.screenshot({ path: join(folder, 'order-form-buy-again-390.png') });

    await page.goto('/profile/userOrder');
    await row.getByRole('link', { name: /^Order / }).click();
    await page.getByRole('heading', { name: /^Order / }).waitFor();
    await page.getByRole('link', { name: 'Buy again: Free Fire 25 Diamonds' }).click();
    await expectFilled();

    await page.goto('/');
    const card = page.getByRole('region', { name: 'Your last top-up' });
    await card.getByText('Free Fire · 25 Diamonds').waitFor();
    await card.getByText(`Player ID ${player}`, { exact: false }).waitFor();
    await card.getByRole('link', { name: 'Buy again: Free Fire 25 Diamonds' }).click();
    await expectFilled();
    expect(errors).toEqual([]);
  }, 180_000);

  it('asks a Google account for its mobile number in the confirm step, not in a card on every page', async () => {
    const account = await googleStyleAccount(100);
    const { page, errors } = await browser.open('/', phone390, { signedInAs: account.token });
    await page.getByTestId('category-grid').waitFor();
    await settled(page);
    expect(await page.getByText('Add your mobile number').count()).toBe(0);

    await page.goto('/category/free-fire');
    const form = page.getByRole('form', { name: 'UID TOPUP' });
    await form.getByLabel('Player ID').fill(knownPlayerId());
    await form.getByText('25 Diamonds', { exact: true }).click();
    await form.getByText('Wallet', { exact: true }).click();
    await page.getByRole('button', { name: 'Buy Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your top-up' });
    await dialog.getByLabel('Your mobile number (optional)').fill('017');
    await dialog.getByRole('button', { name: 'Confirm and pay ৳22' }).click();
    await dialog.getByText('Please enter a mobile number').waitFor();
    await dialog.getByLabel('Your mobile number (optional)').fill('01712345678');
    await dialog.getByRole('button', { name: 'Confirm and pay ৳22' }).click();
    // The order is placed (My Orders lists it) and the number is saved beside it.
    await page.waitForURL((url) => url.pathname === '/profile/userOrder');
    await page.locator('.data-table tbody tr', { hasText: '25 Diamonds' }).first().waitFor();
    await expect
      .poll(
        async () =>
          (await callApi<{ data: { mobile_no: string } }>('/user/user_data', { token: account.token, form: {} })).body.data.mobile_no,
      )
      .toBe('01712345678');
    expect(errors).toEqual([]);
  }, 180_000);
});
