import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestAccount } from '../support/accounts';
import { phone, useBrowser } from '../support/browser';
import { fundedAccount } from '../support/money';

const toast = (page: Page, text: string) => page.locator('.Toastify__toast', { hasText: text }).first().waitFor();

/** Signs the page in as `account` the way a returning shopper is: a stored session, then a load. */
async function signIn(page: Page, account: TestAccount, path: string) {
  await page.evaluate((token) => localStorage.setItem('authState', JSON.stringify({ userToken: token })), account.token);
  await page.goto(path);
}

describe('money in the browser', () => {
  const browser = useBrowser();

  it('adds money through the sandbox gateway page and shows the new balance and history', async () => {
    const account = await fundedAccount(0, 'uimoney');
    const { page } = await browser.open('/');
    await signIn(page, account, '/profile/addMoney');

    await page.getByRole('button', { name: 'Add Money' }).last().click();
    await page.getByText('Required Field').waitFor();
    await page.getByLabel('Amount (৳)').fill('12a');
    await page.getByRole('button', { name: 'Add Money' }).last().click();
    await page.getByText('Only Numbers are allowed').waitFor();

    await page.getByLabel('Amount (৳)').fill('750');
    await page.getByText('Nagad', { exact: true }).click();
    const [gateway] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Add Money' }).last().click()]);
    await gateway.waitForURL(/\/pay\//);
    await gateway.getByText('৳750.00').waitFor();
    await gateway.getByLabel('Sender number').fill('01811223344');
    await gateway.getByRole('button', { name: 'Pay' }).click();

    await gateway.waitForURL(/\/profile\/userWallet/);
    await toast(gateway, 'Payment received');
    await gateway.locator('.balance', { hasText: '৳750' }).waitFor();
    const row = gateway.locator('.data-table tbody tr').first();
    await row.getByText('Completed').waitFor();
    expect(await row.textContent()).toContain('৳750');
    expect(new URL(gateway.url()).search).toBe('');
  });

  it('keeps the wallet history readable on a phone, with an empty state for a new account', async () => {
    const account = await fundedAccount(0, 'uiempty');
    const { page } = await browser.open('/', phone);
    await signIn(page, account, '/profile/userWallet');
    await page.getByText('No wallet transactions yet').waitFor();
    await page.goto('/profile/userOrder');
    await page.getByText('No orders yet').waitFor();
    await page.goto('/profile/userCode');
    await page.getByText('No codes yet').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
