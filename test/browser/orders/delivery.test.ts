import { randomBytes } from 'node:crypto';
import type { AdminPlan } from '@contract/admin-wire';
import { describe, expect, inject, it } from 'vitest';
import { logInAdmin } from '../../support/admin';
import { desktop, phone, toast, useBrowser } from '../../support/browser';
import { callApi } from '../../support/http';
import { fundedAccount } from '../../support/money';

/** Takes the fake supplier's API down (every call 503) or brings it back. */
async function setSupplierDown(down: boolean): Promise<void> {
  const response = await fetch(`${inject('stack').supplierUrl}/test/down`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ down }),
  });
  expect(response.status).toBe(200);
}

describe('automatic delivery in the browser', () => {
  const browser = useBrowser();

  it("confirms without a name while the supplier's lookup is down", async () => {
    const account = await fundedAccount(100, 'uinoname');
    await setSupplierDown(true);
    try {
      const { page } = await browser.open('/category/free-fire?group=ff-uid', desktop, { signedInAs: account.token });
      await page.getByText('25 Diamonds', { exact: true }).click();
      await page.getByLabel('Player ID').fill('123456782');
      await page.getByText('Wallet', { exact: true }).click();
      await page.getByRole('button', { name: 'Buy Now' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm your top-up' });
      await expect.poll(() => dialog.getByTestId('player-nickname').textContent()).toBe('');
      await dialog.getByRole('button', { name: 'Confirm and pay ৳22' }).click();
      await toast(page, 'Order placed successfully');
      await page.waitForURL((url) => url.pathname === '/profile/userOrder');
    } finally {
      await setSupplierDown(false);
    }
  });

  it('delivers an instant pack without an operator and shows it delivered to the named player', async () => {
    const account = await fundedAccount(200, 'uiinstant');
    const { page } = await browser.open('/category/free-fire?group=ff-uid', phone, { signedInAs: account.token });
    await page.getByText('100 Diamonds · instant', { exact: true }).click();
    await page.getByLabel('Player ID').fill('223456781');
    await page.getByText('Wallet', { exact: true }).click();
    await page.getByRole('button', { name: 'Buy Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your top-up' });
    await expect.poll(() => dialog.getByTestId('player-nickname').textContent()).toBe('Nickname: Player6781 (BD)');
    await dialog.getByRole('button', { name: 'Confirm and pay ৳75' }).click();
    await toast(page, 'Order placed: your top-up is being delivered');
    const orders = await callApi<{ data: { order_id: string }[] }>('/user/get_request_list', { token: account.token, form: {} });
    await page.goto(`${inject('stack').url}/profile/order/${orders.body.data[0]!.order_id}`);
    await expect.poll(() => page.getByTestId('order-delivery').textContent()).toBe('Delivered');
    await page.getByText('Player6781').waitFor();
  });

  it('delivers a UniPin pack from stock with its code to copy', async () => {
    const account = await fundedAccount(200, 'uistock');
    const { page } = await browser.open('/category/free-fire?group=ff-uid', desktop, { signedInAs: account.token });
    await page.getByText('100 Diamonds · UniPin', { exact: true }).click();
    await page.getByLabel('Player ID').fill('323456781');
    await page.getByText('Wallet', { exact: true }).click();
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await page.getByRole('dialog', { name: 'Confirm your top-up' }).getByRole('button', { name: 'Confirm and pay ৳80' }).click();
    await toast(page, 'Order placed and delivered');
    const orders = await callApi<{ data: { order_id: string }[] }>('/user/get_request_list', { token: account.token, form: {} });
    await page.goto(`${inject('stack').url}/profile/order/${orders.body.data[0]!.order_id}`);
    await expect.poll(() => page.getByTestId('delivered-code').textContent()).toMatch(/^UNIPIN100-/);
    await page.getByRole('button', { name: 'Copy code' }).waitFor();
  });

  it("switches a plan's delivery to the supplier with a product code and cost, and shows it", async () => {
    const adminToken = await logInAdmin();
    const name = `Auto ${randomBytes(3).toString('hex').toUpperCase()}`;
    const created = await callApi<{ data: AdminPlan }>('/admin/plans', {
      token: adminToken,
      form: {
        category_id: 'ff-uid',
        pname: name,
        image: '/images/plan-diamond.svg',
        price: 90,
        no_of_diamonds: 100,
        status: '1',
        position: 990,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const planId = created.body.data.plans_id;
    try {
      const { page } = await browser.open('/admin/catalog?game=free-fire', desktop, { signedInAs: adminToken });
      const row = page.locator(`[data-plan-id="${planId}"]`);
      await row.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
      await dialog.getByLabel('Delivery').selectOption({ label: 'Supplier API' });
      await dialog.getByLabel('Cost (৳)').fill('95');
      await dialog.getByRole('button', { name: 'Save' }).click();
      // The endpoint's own schema speaks before anything is sent.
      await dialog.getByText("The supplier's product code is required").waitFor();
      await dialog.getByLabel('Supplier product code').fill('FF100');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('The cost must be above zero and below the price').waitFor();
      await dialog.getByLabel('Cost (৳)').fill('68');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await row.locator('.badge', { hasText: 'Supplier' }).waitFor();

      const catalog = await callApi<{ data: { master_categories: { groups: { plans: AdminPlan[] }[] }[] } }>('/admin/catalog', {
        token: adminToken,
      });
      const saved = catalog.body.data.master_categories
        .flatMap((game) => game.groups.flatMap((group) => group.plans))
        .find((plan) => plan.plans_id === planId);
      expect(saved).toMatchObject({ delivery: 'supplier', supplier_sku: 'FF100', cost: 68 });

      await page.reload();
      await row.getByRole('button', { name: 'Edit' }).click();
      expect(await dialog.getByLabel('Supplier product code').inputValue()).toBe('FF100');
      expect(await dialog.getByLabel('Cost (৳)').inputValue()).toBe('68');
    } finally {
      await callApi(`/admin/plans/${planId}/delete`, { method: 'POST', token: adminToken });
    }
  });
});
