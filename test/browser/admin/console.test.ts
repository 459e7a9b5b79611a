import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { TestAccount } from '../../support/accounts';
import { expectSectionsFit, logInAdmin, placeUidOrder, saveScreenshots, sidewaysOverflow, uniquePlayerId } from '../../support/admin';
import { desktop, phone, toast, useBrowser } from '../../support/browser';
import { callApi } from '../../support/http';
import { balanceOf, fundedAccount, leavePending, merchantPanel, payInvoice, startTopUp } from '../../support/money';

let adminToken = '';
beforeAll(async () => {
  adminToken = await logInAdmin();
});

/** The shopper's orders as the API lists them. */
const shopperOrders = async (buyer: TestAccount) =>
  (
    await callApi<{ data: { order_id: string; saccount_id: string; status: string }[] }>('/user/get_request_list', {
      token: buyer.token,
      form: {},
    })
  ).body.data;

const orderRow = (page: Page, orderId: string) => page.locator(`tr[data-order-id="${orderId}"]`);

describe('the admin console', () => {
  const browser = useBrowser();

  it('completes a pending order from the queue with a remark, and the shopper sees it completed', async () => {
    const shopper = await fundedAccount(100, 'qshopper');
    const playerId = uniquePlayerId();
    const orderId = await placeUidOrder(shopper, playerId);

    const { page, errors } = await browser.open('/admin', desktop, {
      signedInAs: adminToken,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await page.getByRole('link', { name: 'Open the queue' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/orders' && url.searchParams.get('status') === '0');
    await page.getByLabel('Sort').selectOption('newest');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'newest');

    const row = orderRow(page, orderId);
    expect(await row.locator('.player-id-text').textContent()).toBe(playerId);
    expect(await row.textContent()).toContain('25 Diamonds');
    expect(await row.textContent()).toContain('৳22');
    expect(await row.textContent()).toContain('Wallet');
    await row.getByRole('button', { name: `Copy player ID ${playerId}` }).click();
    await toast(page, 'Coppied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(playerId);

    await row.getByRole('button', { name: 'Complete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete order' });
    expect(await dialog.textContent()).toContain(playerId);
    await dialog.getByLabel('Remark for the shopper (optional)').fill('Delivered, enjoy the diamonds');
    await dialog.getByRole('button', { name: 'Mark completed' }).click();
    await toast(page, 'Order completed');
    await row.locator('.status-badge', { hasText: 'Completed' }).waitFor();
    await expect.poll(() => row.getByRole('button', { name: 'Complete' }).count()).toBe(0);
    await row.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Completed', exact: true }).click();
    await orderRow(page, orderId).getByText('Delivered, enjoy the diamonds').waitFor();
    expect(errors).toEqual([]);

    const { page: shopperPage } = await browser.open('/profile/userOrder', desktop, { signedInAs: shopper.token });
    const shopperRow = shopperPage.locator('.data-table tbody tr', { hasText: playerId });
    await shopperRow.getByText('Completed').waitFor();
    await shopperRow.getByText('Delivered, enjoy the diamonds').waitFor();
  });

  it('refunds a gateway-paid order to the shop wallet, and the shopper sees the amount back', async () => {
    const shopper = await fundedAccount(0, 'rshopper');
    const playerId = uniquePlayerId();
    const started = await callApi<{ data: { payment_url: string } }>('/user/request_webview', {
      token: shopper.token,
      form: { plan_id: 'ff-50', amount: 40, saccount_id: playerId, paid_from_wallet: 40 },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await payInvoice(started.body.data.payment_url);
    await expect.poll(async () => (await shopperOrders(shopper)).length, { timeout: 15_000 }).toBe(1);
    const orderId = (await shopperOrders(shopper))[0]!.order_id;

    const { page, errors } = await browser.open(`/admin/orders/${orderId}`, desktop, { signedInAs: adminToken });
    await page.locator('.player-id-text', { hasText: playerId }).waitFor();
    expect(await page.locator('.admin-details').textContent()).toContain('Gateway');
    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund order' });
    await dialog.getByLabel('Test rshopper’s shop wallet, at once').waitFor();
    await expect.poll(() => dialog.getByLabel('Test rshopper’s shop wallet, at once').isChecked()).toBe(true);

    await dialog.getByRole('button', { name: 'Refund ৳40' }).click();
    await dialog.getByText('A remark is required').waitFor();
    expect(await balanceOf(shopper.code)).toBe(0);
    await dialog.getByLabel('Remark for the shopper').fill('Player ID does not exist');
    await dialog.getByRole('button', { name: 'Refund ৳40' }).click();
    await toast(page, 'Order refunded to the wallet');
    await page.locator('.detail-head .status-badge', { hasText: 'Refund' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    expect(await balanceOf(shopper.code)).toBe(40);
    expect(errors).toEqual([]);

    const { page: shopperPage } = await browser.open('/profile/userWallet', desktop, { signedInAs: shopper.token });
    await shopperPage.locator('.balance', { hasText: '৳40' }).waitFor();
    await shopperPage.getByRole('link', { name: 'My wallet' }).filter({ hasText: '৳40' }).waitFor();
  });

  it("shows the server's 409 when another operator moved the order first", async () => {
    const shopper = await fundedAccount(100, 'race');
    const playerId = uniquePlayerId();
    const orderId = await placeUidOrder(shopper, playerId);
    const { page } = await browser.open('/admin/orders?status=0&sort=newest', desktop, { signedInAs: adminToken });
    const row = orderRow(page, orderId);
    await row.waitFor();

    const elsewhere = await callApi(`/admin/orders/${orderId}/refund`, { token: adminToken, form: { remark: 'Refunded in another tab' } });
    expect(elsewhere.status).toBe(200);
    await row.getByRole('button', { name: 'Complete' }).click();
    await page.getByRole('dialog', { name: 'Complete order' }).getByRole('button', { name: 'Mark completed' }).click();
    await toast(page, 'Order is already refunded');
    await row.locator('.status-badge', { hasText: 'Refund' }).waitFor();
    expect(
      await row
        .getByRole('button')
        .filter({ hasText: /Complete|Refund/ })
        .count(),
    ).toBe(0);
    await row.waitFor({ state: 'detached' });
    expect(await balanceOf(shopper.code)).toBe(100);
  });

  it('refunds a gateway-paid order back to the bKash that paid it, once, and shows the payment and the refund', async () => {
    const shopper = await fundedAccount(0, 'gwrefund');
    const playerId = uniquePlayerId();
    const started = await callApi<{ data: { payment_url: string; id: string } }>('/user/request_webview', {
      token: shopper.token,
      form: { plan_id: 'ff-50', amount: 40, saccount_id: playerId, paid_from_wallet: 40 },
    });
    await payInvoice(started.body.data.payment_url);
    await expect.poll(async () => (await shopperOrders(shopper)).length, { timeout: 15_000 }).toBe(1);

    const { page, errors } = await browser.open(`/admin/orders/${started.body.data.id}`, phone, { signedInAs: adminToken });
    const details = page.locator('.admin-details');
    await details.getByText('bkash from ••••••••344').waitFor();
    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund order' });
    await dialog.getByLabel(/Back to the bKash\/Nagad that paid it/).check();
    await dialog.getByLabel('Remark for the shopper').fill('Player ID does not exist');
    await dialog.getByRole('button', { name: 'Refund ৳40' }).click();
    await toast(page, 'Order refunded to the payment method');
    await page.locator('.detail-head .status-badge', { hasText: 'Refund' }).waitFor();
    await details.getByText('Sent back through the gateway').waitFor();
    expect(await balanceOf(shopper.code)).toBe(0);
    const refunds = (await (await fetch(`${inject('stack').gatewayUrl}/test/refunds`)).json()) as { reason: string }[];
    expect(refunds.filter((refund) => refund.reason.includes(started.body.data.id))).toHaveLength(1);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });

  it('reveals the game-account password of an ID-password order only on a click, and forgets it on leaving', async () => {
    const shopper = await fundedAccount(400, 'reveal');
    const placed = await callApi<{ data: { order_id: string } }>('/user/request/', {
      token: shopper.token,
      form: {
        plan_id: 'ffa-520',
        saccount_type: 'FB',
        saccount_id: 'gamer@example.com',
        saccount_password: 'hunter-22',
        backup_code: '8812',
        paid_from_wallet: 350,
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.data.order_id;

    const { page } = await browser.open(`/admin/orders/${orderId}`, desktop, { signedInAs: adminToken });
    await page.getByText('gamer@example.com').waitFor();
    expect(await page.locator('.admin-details').textContent()).toContain('FB');
    expect(await page.content()).not.toContain('hunter-22');
    await page.getByRole('button', { name: 'Reveal password' }).click();
    await page.locator('.secret-value', { hasText: 'hunter-22' }).waitFor();
    await page.locator('.secret-value', { hasText: '8812' }).waitFor();
    await page.getByRole('button', { name: 'Hide' }).click();
    expect(await page.content()).not.toContain('hunter-22');

    await page.getByRole('button', { name: 'Reveal password' }).click();
    await page.locator('.secret-value', { hasText: 'hunter-22' }).waitFor();
    await page.getByRole('link', { name: '← Orders' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/orders');
    // Left once the queue shows: going back before it has (its chunk still loading) never left the order.
    await page.locator('.orders-table tbody tr').first().waitFor();
    await page.goBack();
    await page.getByRole('button', { name: 'Reveal password' }).waitFor();
    expect(await page.content()).not.toContain('hunter-22');
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(stored).not.toContain('hunter-22');
  });

  it('verifies a pending top-up approved later with the gateway and shows the row completed', async () => {
    const payer = await fundedAccount(0, 'verify');
    const { paymentUrl, txnId } = await startTopUp(payer, 150);
    // Left pending at the gateway; the merchant's webhook names its invoice, and the merchant approves it later.
    const invoiceId = await leavePending(paymentUrl);
    await merchantPanel(invoiceId, 'webhook');
    await merchantPanel(invoiceId, 'approve');

    const { page } = await browser.open('/admin/wallet-requests?status=0', desktop, { signedInAs: adminToken });
    const row = page.locator('.admin-table tbody tr', { hasText: txnId });
    await row.getByText('Pending').waitFor();
    await row.getByRole('button', { name: 'Verify now' }).click();
    await toast(page, 'Paid: the wallet is credited');
    await row.getByText('Completed').waitFor();
    await expect.poll(() => row.getByRole('button', { name: 'Verify now' }).count()).toBe(0);
    expect(await balanceOf(payer.code)).toBe(150);
  });

  it('finds a user, adjusts the balance after the checks and a confirmation, and shows the ledger', async () => {
    const shopper = await fundedAccount(30, 'adjust');
    const { page } = await browser.open('/admin/users', desktop, { signedInAs: adminToken });
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Search for an email, a mobile number or a user id').waitFor();
    await page.getByPlaceholder('Email, mobile number or user id').fill(shopper.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === shopper.email);
    const result = page.locator('.admin-table tbody tr', { hasText: shopper.email });
    expect(await result.textContent()).toContain('৳30');
    await result.getByRole('link', { name: 'Test adjust' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/users/${shopper.code}`);
    await page.locator('.balance-figure', { hasText: '৳30' }).waitFor();

    await page.getByRole('button', { name: 'Adjust' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust balance' });
    const amount = dialog.getByLabel('Amount in taka (negative takes away)');
    await amount.fill('0');
    await dialog.getByRole('button', { name: 'Review' }).click();
    await dialog.getByText('Amount must not be zero').waitFor();
    await dialog.getByText('A reason is required').waitFor();
    await amount.fill('12.5');
    await dialog.getByText('Amount must be a whole number of taka').waitFor();
    await amount.fill('-10');
    await dialog.getByLabel('Reason').fill('Goodwill correction');
    await dialog.getByRole('button', { name: 'Review' }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirm the adjustment' });
    await confirm.getByText('The balance goes from ৳30 to ৳20.').waitFor();
    await confirm.getByRole('button', { name: 'Confirm −৳10' }).click();
    await toast(page, 'Balance adjusted');
    await page.locator('.balance-figure', { hasText: '৳20' }).waitFor();
    const newest = page.locator('.admin-table tbody tr').first();
    await newest.getByText('−৳10').waitFor();
    expect(await newest.textContent()).toContain('Adjustment');
    expect(await balanceOf(shopper.code)).toBe(20);

    await page.getByRole('link', { name: 'Audit' }).click();
    const entry = page.locator('.admin-table tbody tr', { hasText: 'user.adjust' }).filter({ hasText: shopper.code }).first();
    expect(await entry.textContent()).toContain('Goodwill correction');
  });

  it('shows a shopper and a visitor the 404 page at /admin, and no Admin link', async () => {
    const shopper = await fundedAccount(0, 'nosy');
    const { page, errors } = await browser.open('/admin', desktop, { signedInAs: shopper.token });
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await expect.poll(() => page.getByRole('navigation', { name: 'Admin sections' }).count()).toBe(0);
    await page.goto('/admin/orders?status=0');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.locator('.account-area .menu-button').click();
    await page.getByRole('menu').getByRole('link', { name: 'Security' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);

    const { page: visitor } = await browser.open('/admin/users/anyone');
    await visitor.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await expect.poll(() => visitor.getByRole('navigation', { name: 'Admin sections' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('leads an admin from the header to the console, on a laptop and on a phone', async () => {
    const { page } = await browser.open('/', desktop, { signedInAs: adminToken });
    await page.locator('.account-area .menu-button').click();
    await page.getByRole('menu').getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText('Dhaka time').waitFor();

    const { page: onPhone } = await browser.open('/', phone, { signedInAs: adminToken });
    await onPhone.getByRole('button', { name: 'Open menu' }).click();
    await onPhone.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await onPhone.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it('fits every section on a 360 px phone without scrolling sideways', async () => {
    const shopper = await fundedAccount(100, 'narrow');
    await placeUidOrder(shopper, uniquePlayerId());
    const { page, errors } = await browser.open('/admin', phone, { signedInAs: adminToken });
    await expectSectionsFit(page, [
      { path: '/admin', ready: '.figure-card' },
      { path: '/admin/orders?status=0&sort=newest', ready: '.orders-table tbody tr' },
      { path: '/admin/orders?status=1', ready: '.admin-page .empty-state, .orders-table tbody tr' },
      { path: '/admin/wallet-requests?status=0', ready: '.admin-page .empty-state, .admin-table tbody tr' },
      { path: `/admin/users?q=${encodeURIComponent(shopper.email)}`, ready: '.admin-table tbody tr' },
      { path: `/admin/users/${shopper.code}`, ready: '.balance-figure' },
      { path: '/admin/audit', ready: '.admin-table tbody tr' },
    ]);
    expect(errors).toEqual([]);
  });

  for (const viewport of [phone, desktop]) {
    it(`saves screenshots of the dashboard and the orders queue at ${viewport.width} px`, async () => {
      const shopper = await fundedAccount(100, 'shots');
      await placeUidOrder(shopper, uniquePlayerId());
      const { page, errors } = await browser.open('/admin', viewport, { signedInAs: adminToken });
      await saveScreenshots(page, viewport, [
        { name: 'admin-dashboard', path: '/admin', ready: '.figure-card' },
        { name: 'admin-orders', path: '/admin/orders?status=0&sort=newest', ready: '.orders-table tbody tr' },
      ]);
      expect(errors).toEqual([]);
    });
  }
});
