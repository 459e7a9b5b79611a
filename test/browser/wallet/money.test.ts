import { describe, expect, it } from 'vitest';
import { desktop, phone, toast, useBrowser } from '../../support/browser';
import { balanceOf, freshVoucher, fundedAccount } from '../../support/money';

describe('money in the browser', () => {
  const browser = useBrowser();

  it('adds money through the sandbox gateway page and shows the new balance and history', async () => {
    const account = await fundedAccount(0, 'uimoney');
    const { page } = await browser.open('/profile/addMoney', desktop, { signedInAs: account.token });

    await page.getByRole('button', { name: 'Add Money' }).last().click();
    await page.getByText('Required Field').waitFor();
    await page.getByLabel('Amount (৳)').fill('12a');
    await page.getByRole('button', { name: 'Add Money' }).last().click();
    await page.getByText('Only Numbers are allowed').waitFor();

    await page.getByLabel('Amount (৳)').fill('750');
    await page.getByText('Nagad', { exact: true }).click();
    const [gateway] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Add Money' }).last().click()]);
    await gateway.waitForURL(/\/payment\//);
    await gateway.getByText('৳750.00').waitFor();
    await gateway.getByLabel('Sender number').fill('01811223344');
    await gateway.getByRole('button', { name: 'Pay' }).click();

    // The window that comes back is the top-up's receipt: the amount credited and the new balance.
    await gateway.waitForURL((url) => url.pathname === '/profile/userWallet' && url.searchParams.has('receipt'));
    const receipt = gateway.getByTestId('receipt');
    await receipt.getByTestId('receipt-status').getByText('৳750 added to your wallet').waitFor();
    await receipt.getByText('New balance').waitFor();
    await expect.poll(() => gateway.getByText('Payment received').count()).toBe(1);
    await receipt.getByRole('link', { name: 'My Wallet' }).click();
    await gateway.locator('.balance', { hasText: '৳750' }).waitFor();
    const row = gateway.getByTestId('top-ups').locator('tbody tr').first();
    await row.getByText('Completed').waitFor();
    expect(await row.textContent()).toContain('৳750');
    expect(new URL(gateway.url()).search).toBe('');
  });

  it('keeps the wallet history readable on a phone, with an empty state for a new account', async () => {
    const account = await fundedAccount(0, 'uiempty');
    const { page } = await browser.open('/profile/userWallet', phone, { signedInAs: account.token });
    await page.getByText('No wallet transactions yet').waitFor();
    await page.goto('/profile/userOrder');
    await page.getByText('No orders yet').waitFor();
    await page.goto('/profile/userCode');
    await page.getByText('No codes yet').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('buys a plan from the wallet and lists the order as Pending', async () => {
    const account = await fundedAccount(100, 'uiplan');
    const { page } = await browser.open('/category/free-fire?group=ff-uid', desktop, { signedInAs: account.token });
    await page.getByText('25 Diamonds', { exact: true }).click();
    await page.getByLabel('Player ID').fill('5566778899');
    await page.getByText('Wallet', { exact: true }).click();
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await page.getByRole('dialog', { name: 'Confirm your top-up' }).getByRole('button', { name: 'Confirm and pay ৳22' }).click();
    await toast(page, 'Order placed successfully');
    await page.waitForURL((url) => url.pathname === '/profile/userOrder');
    const row = page.locator('.data-table tbody tr').first();
    await row.getByText('Pending').waitFor();
    expect(await row.textContent()).toContain('25 Diamonds');
    expect(await row.textContent()).toContain('5566778899');
    await page.locator('.profile-balance', { hasText: '৳78' }).waitFor();
    expect(await balanceOf(account.code)).toBe(78);
  });

  it('buys two codes after the Bengali confirmation, shows them in My Codes and copies one', async () => {
    const voucher = await freshVoucher(4, 100);
    const account = await fundedAccount(300, 'uicodes');
    const { page } = await browser.open('/voucher/google-play', desktop, {
      signedInAs: account.token,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const card = page.locator('.voucher-card', { hasText: `Test voucher ${voucher.id}` });
    await card.getByRole('button', { name: 'Increase quantity' }).click();

    await card.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'না' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await balanceOf(account.code)).toBe(300);

    await card.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'হ্যাঁ' }).click();
    await toast(page, 'Purchase successful');
    await page.waitForURL((url) => url.pathname === '/profile/userCode');
    const purchase = page.locator('.code-purchase').first();
    await purchase.locator('.voucher-code').first().waitFor();
    const codes = await purchase.locator('.voucher-code').allTextContents();
    expect(codes).toHaveLength(2);
    for (const code of codes) expect(voucher.codes).toContain(code);
    expect(await purchase.textContent()).toContain('৳200');

    await purchase.getByRole('button', { name: `Copy code ${codes[0]}` }).click();
    await toast(page, 'Coppied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes[0]);
    expect(await balanceOf(account.code)).toBe(100);
  });
});
