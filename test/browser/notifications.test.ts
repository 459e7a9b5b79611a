import { describe, expect, it } from 'vitest';
import { desktop, phone, useBrowser } from '../support/browser';
import { callApi } from '../support/http';
import { fundedAccount } from '../support/money';

describe('notifications in the browser', () => {
  const browser = useBrowser();

  it('counts a delivered order on the account icon, lists it, and clears the count once seen', async () => {
    const account = await fundedAccount(100, 'uinotes');
    const placed = await callApi<{ data: { order_id: string; status: string } }>('/user/request/', {
      token: account.token,
      form: { plan_id: 'ff-100-instant', saccount_id: '123456781', paid_from_wallet: 75 },
    });
    expect(placed.body.data.status).toBe('1');

    const { page, errors } = await browser.open('/', desktop, { signedInAs: account.token });
    const accountMenu = page.getByRole('button', { name: /^Account menu/ });
    await expect.poll(() => accountMenu.getAttribute('aria-label')).toBe('Account menu, 1 unread notifications');
    expect(await page.getByTestId('unread-badge').textContent()).toBe('1');

    await page.goto('/profile/notifications');
    const item = page.getByRole('link', { name: /Delivered: 100 Diamonds · instant/ });
    await item.waitFor();
    expect(await item.getAttribute('href')).toBe(`/profile/order/${placed.body.data.order_id}`);
    expect(await item.textContent()).toContain('Unread');
    await expect.poll(() => page.getByTestId('unread-badge').count()).toBe(0);
    expect(await accountMenu.getAttribute('aria-label')).toBe('Account menu');

    await item.click();
    await page.waitForURL((url) => url.pathname === `/profile/order/${placed.body.data.order_id}`);
    expect(errors).toEqual([]);
  });

  it('shows an empty state to a new account, and no count', async () => {
    const account = await fundedAccount(0, 'uinonotes');
    const { page } = await browser.open('/profile/notifications', phone, { signedInAs: account.token });
    await page.getByText("Nothing yet — we'll tell you here when an order is delivered or money reaches your wallet.").waitFor();
    expect(await page.getByTestId('unread-badge').count()).toBe(0);
  });
});
