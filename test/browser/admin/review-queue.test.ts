import { randomBytes, randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '../../support/accounts';
import { logInAdmin, sidewaysOverflow, uniquePlayerId } from '../../support/admin';
import { toast, useBrowser } from '../../support/browser';
import { callApi } from '../../support/http';
import { balanceOf, fundedAccount } from '../../support/money';

/** A phone as wide as most in Bangladesh. */
const phone390 = { width: 390, height: 844 };

/** At or above the default rule's ৳5,000: a young account's first order of it is held (the global settings stay as they are). */
const price = 5200;

let adminToken = '';
let planId = '';
let planForm: Record<string, string | number> = {};

beforeAll(async () => {
  adminToken = await logInAdmin();
  planForm = {
    category_id: 'ff-uid',
    pname: `Held ${randomBytes(3).toString('hex')}`,
    image: '/images/plan-diamond.svg',
    price,
    no_of_diamonds: 5600,
    status: 1,
    position: 995,
  };
  const saved = await callApi<{ data: { plans_id: string } }>('/admin/plans', { token: adminToken, form: planForm });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  planId = saved.body.data.plans_id;
});

afterAll(async () => {
  // A plan with orders stays on record: off sale, so that no other file sees it.
  const deleted = await callApi(`/admin/plans/${planId}/delete`, { method: 'POST', token: adminToken });
  if (deleted.status !== 200) await callApi('/admin/plans', { token: adminToken, form: { ...planForm, plans_id: planId, status: 0 } });
});

/** A fresh account's first wallet order of the big plan, placed through the API: held by the default rule. */
async function heldOrder(label: string): Promise<{ shopper: TestAccount; orderId: string; playerId: string }> {
  const shopper = await fundedAccount(price, label);
  const playerId = uniquePlayerId();
  const placed = await callApi<{ data: { order_id: string } }>('/user/request/', {
    token: shopper.token,
    form: { plan_id: planId, saccount_id: playerId, paid_from_wallet: price },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  expect((placed.body as { message: string }).message).toBe('Order placed: we are checking it before delivery.');
  return { shopper, orderId: placed.body.data.order_id, playerId };
}

const reviewCard = (page: Page, orderId: string) => page.locator(`.review-card[data-order-id="${orderId}"]`);

describe('held orders', () => {
  const browser = useBrowser();

  it('tells the shopper the order is being checked and for how long, in English and in Bengali, at 390 px', async () => {
    const { shopper, orderId, playerId } = await heldOrder('checked');
    const { page, errors } = await browser.open(`/profile/order/${orderId}`, phone390, { signedInAs: shopper.token });
    await expect
      .poll(() => page.getByTestId('order-delivery').textContent())
      .toBe('Being checked before delivery, usually within 60 minutes');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    await page.goto('/profile/userOrder');
    await page.locator('.data-table tbody tr', { hasText: playerId }).getByText('usually within 60 minutes').waitFor();

    await page.evaluate(() => localStorage.setItem('shop.language', 'bn'));
    await page.goto(`/profile/order/${orderId}`);
    await expect.poll(() => page.getByTestId('order-delivery').textContent()).toBe('ডেলিভারির আগে যাচাই করা হচ্ছে, সাধারণত ৬০ মিনিটের মধ্যে');
    await page.goto('/profile/userOrder');
    await page.locator('.data-table tbody tr', { hasText: playerId }).getByText('সাধারণত ৬০ মিনিটের মধ্যে', { exact: false }).waitFor();
    expect(errors).toEqual([]);
  });

  it('lets the operator release one held order and refund another to the wallet from the review queue at 390 px', async () => {
    const released = await heldOrder('release');
    const refunded = await heldOrder('refund');
    expect(await balanceOf(refunded.shopper.code)).toBe(0);

    const { page, errors } = await browser.open('/admin', phone390, { signedInAs: adminToken });
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Review' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/review');

    const first = reviewCard(page, released.orderId);
    await first.waitFor();
    expect(await first.locator('.player-id-text').textContent()).toBe(released.playerId);
    expect(await first.textContent()).toContain(`First order of ৳${price} (৳5000 or more) from an account younger than 3 days`);
    expect(await first.textContent()).toContain('৳5,200');
    expect(await first.textContent()).toContain('Not verified');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    await first.getByRole('button', { name: 'Release' }).click();
    const release = page.getByRole('dialog', { name: 'Release order' });
    expect(await release.textContent()).toContain(released.playerId);
    await release.getByRole('button', { name: 'Release' }).click();
    await toast(page, 'Order released: its delivery goes on');
    await first.waitFor({ state: 'detached' });
    const after = await callApi<{ data: { delivery: { state: string } } }>(`/user/order/${released.orderId}`, {
      token: released.shopper.token,
      form: {},
    });
    expect(after.body.data.delivery.state).toBe('waiting');

    const second = reviewCard(page, refunded.orderId);
    await second.getByRole('button', { name: 'Refund to wallet' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund to wallet' });
    await refund.getByRole('button', { name: 'Refund ৳5,200' }).click();
    await refund.getByText('A remark is required').waitFor();
    expect(await balanceOf(refunded.shopper.code)).toBe(0);
    await refund.getByLabel('Remark for the shopper').fill('We could not confirm this payment');
    await refund.getByRole('button', { name: 'Refund ৳5,200' }).click();
    await toast(page, 'Order refunded to the wallet');
    await second.waitFor({ state: 'detached' });
    await expect.poll(() => balanceOf(refunded.shopper.code)).toBe(price);

    // The order's own page keeps the hold's story; a released order may now be completed.
    await page.goto(`/admin/orders/${released.orderId}`);
    const hold = page.getByTestId('order-hold');
    await hold.getByText('Released: its delivery went on').waitFor();
    expect(await hold.textContent()).toContain('First order of ৳5200');
    await page.getByRole('button', { name: 'Complete' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('shows the risk rules and the payer search on a phone, with the defaults and the last seven days', async () => {
    const { page, errors } = await browser.open('/admin/risk', phone390, { signedInAs: adminToken });
    expect(await page.getByLabel("Hold a young account's first order from (৳; 0: never)").inputValue()).toMatch(/^\d+$/);
    await page.getByRole('heading', { name: 'Velocity rules' }).waitFor();
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByText('Set a number of checkouts, an amount, or both').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    await page.goto('/admin/payers');
    const from = await page.getByLabel('From', { exact: true }).inputValue();
    const to = await page.getByLabel('To', { exact: true }).inputValue();
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(6);
    // A number no payment of the shared stack came from (the stand-in gateway's page pays from 01700000000).
    const payer = `019${randomInt(1e7, 1e8)}`;
    await page.getByLabel("Payer's number (as the gateway shows it)").fill(payer);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('number') === payer);
    await page.getByText('No order was paid from this number in the range.').waitFor();
    expect(await page.getByRole('button', { name: 'Hold all undelivered (0)' }).isDisabled()).toBe(true);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
