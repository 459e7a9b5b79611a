import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniquePlayerId } from '../../support/admin';
import { settled, toast, useBrowser } from '../../support/browser';
import { balanceOf, fundedAccount } from '../../support/money';
import { projectRoot } from '../../support/spawn-stack';

/** A phone of this market's size. */
const phone390 = { width: 390, height: 844 };
const screenshots = join(projectRoot, 'test-results', 'screenshots');

/** A Free Fire UID top-up of 50 Diamonds for `playerId`, chosen in the URL as the form keeps it, paid through the gateway. */
const choice = (playerId: string) => `/category/free-fire?group=ff-uid&plan=ff-50&mode=gateway&player=${playerId}`;

/** Confirms the chosen top-up and answers the page that shows the gateway's page: a new window, or this tab. */
async function confirmAndPay(page: Page, window: 'new' | 'same'): Promise<Page> {
  await page.getByRole('button', { name: 'Buy Now' }).click();
  const pay = page.getByRole('dialog', { name: 'Confirm your top-up' }).getByRole('button', { name: 'Confirm and pay ৳40' });
  if (window === 'same') {
    await pay.click();
    await page.waitForURL(/\/payment\/\w+$/);
    return page;
  }
  const [popup] = await Promise.all([page.waitForEvent('popup'), pay.click()]);
  await popup.waitForURL(/\/payment\/\w+$/);
  return popup;
}

/** Saves the page at 390 px: its whole height, or what the screen shows. */
async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(screenshots, { recursive: true });
  await settled(page);
  await page.screenshot({ path: join(screenshots, `${name}-390.png`), fullPage });
}

/** The receipt on `page`, once it shows this order, with what it says checked. */
async function expectReceipt(page: Page, orderId: string, playerId: string) {
  const receipt = page.getByTestId('receipt');
  await receipt.getByText(orderId, { exact: true }).waitFor();
  await receipt.getByTestId('receipt-status').getByText('Paid — being delivered, usually within minutes').waitFor();
  const text = await receipt.textContent();
  expect(text).toContain('Free Fire · 50 Diamonds');
  expect(text).toContain(playerId);
  expect(text).toContain('৳40');
  // One receipt, one "Payment received": no second notice, no toast saying it again, no list under it.
  await expect.poll(() => page.getByText('Payment received').count()).toBe(1);
  expect(await page.getByTestId('receipt').count()).toBe(1);
  expect(await page.locator('.data-table').count()).toBe(0);
  expect(await page.getByText('Pending', { exact: true }).count()).toBe(0);
  // Chat about this order: Messenger with the order id as ref, WhatsApp with a message naming it.
  const chat = receipt.getByRole('region', { name: 'Chat about this order' });
  expect(await chat.getByRole('link', { name: 'Messenger' }).getAttribute('href')).toBe(`https://m.me/topupbazar?ref=${orderId}`);
  const whatsapp = new URL((await chat.getByRole('link', { name: 'WhatsApp' }).getAttribute('href'))!);
  expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/8801700000000');
  expect(whatsapp.searchParams.get('text')).toContain(orderId);
  return receipt;
}

describe('one receipt after a gateway payment', () => {
  const browser = useBrowser();

  it('shows the receipt in the window that comes back and in the tab that started it', async () => {
    const account = await fundedAccount(0, 'receipt');
    const playerId = uniquePlayerId();
    const { page, errors } = await browser.open(choice(playerId), phone390, { signedInAs: account.token });
    const popup = await confirmAndPay(page, 'new');
    await page.getByText('Waiting for your payment.').waitFor();

    await popup.getByRole('button', { name: 'Pay' }).click();
    await popup.waitForURL((url) => url.pathname === '/profile/userOrder' && url.searchParams.has('receipt'));
    const orderId = new URL(popup.url()).searchParams.get('receipt')!;
    const returned = await expectReceipt(popup, orderId, playerId);
    await returned.getByText('you can close it').waitFor();
    // Buy again leads to the game page with the same choice.
    expect(await returned.getByRole('link', { name: 'Buy again' }).getAttribute('href')).toBe(choice(playerId));
    expect(await popup.locator('.Toastify__toast', { hasText: 'Payment received' }).count()).toBe(0);
    await screenshot(popup, 'receipt-returning-tab');

    // The tab that started it replaces its waiting notice with the same receipt.
    const started = await expectReceipt(page, orderId, playerId);
    await expect.poll(() => page.getByText('Waiting for your payment.').count()).toBe(0);
    expect(await started.getByRole('link', { name: 'Buy again' }).getAttribute('href')).toBe(choice(playerId));
    await started.scrollIntoViewIfNeeded();
    await screenshot(page, 'receipt-starting-tab', false);

    // A reload keeps the receipt.
    await popup.reload();
    await expectReceipt(popup, orderId, playerId);
    expect(errors).toEqual([]);
  });

  it('after a cancel on the gateway page, goes back to the order form with the choice kept', async () => {
    const account = await fundedAccount(0, 'rcancel');
    const playerId = uniquePlayerId();
    const { page } = await browser.open(choice(playerId), phone390, { signedInAs: account.token });
    const popup = await confirmAndPay(page, 'new');

    await popup.getByRole('button', { name: 'Cancel' }).click();
    await popup.waitForURL((url) => url.pathname === '/category/free-fire');
    const back = new URL(popup.url());
    expect(Object.fromEntries(back.searchParams)).toEqual({ group: 'ff-uid', plan: 'ff-50', mode: 'gateway', player: playerId });
    await toast(popup, 'Payment cancelled');
    await expect.poll(() => popup.getByLabel('Player ID').inputValue()).toBe(playerId);
    expect(await popup.getByText('No orders yet').count()).toBe(0);
    await screenshot(popup, 'receipt-after-cancel');

    await page.getByRole('status', { name: 'Payment cancelled' }).waitFor();
    expect(await balanceOf(account.code)).toBe(0);
  });

  it('pays in the same tab in the Facebook in-app browser, and that tab shows the receipt', async () => {
    const account = await fundedAccount(0, 'inapp');
    const playerId = uniquePlayerId();
    const { page, errors } = await browser.open('/', phone390, { signedInAs: account.token });
    await page.addInitScript(() => {
      const facebook = `${navigator.userAgent} [FBAN/FB4A;FBAV/450.0.0.0;FB_IAB/FB4A]`;
      Object.defineProperty(navigator, 'userAgent', { get: () => facebook });
    });
    await page.goto(choice(playerId));
    const gateway = await confirmAndPay(page, 'same');
    expect(page.context().pages()).toHaveLength(1);

    await gateway.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/userOrder' && url.searchParams.has('receipt'));
    const orderId = new URL(page.url()).searchParams.get('receipt')!;
    const receipt = await expectReceipt(page, orderId, playerId);
    expect(await receipt.getByText('you can close it').count()).toBe(0);
    expect(await receipt.getByRole('link', { name: 'Buy again' }).getAttribute('href')).toBe(choice(playerId));
    expect(errors).toEqual([]);
  });
});
