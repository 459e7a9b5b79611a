import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { desktop, phone, settled, useBrowser } from '../../support/browser';
import { callApi } from '../../support/http';
import type { TestAccount } from '../../support/accounts';
import { fundedAccount, startTopUp } from '../../support/money';

/** axe-core as the browser runs it, injected into each page. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0–2.2 A and AA (2.2 brings the 24 px target size) and axe's best practices. */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The serious and critical violations on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const results = await page.evaluate(async (runTags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<AxeResults> } }).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: runTags } });
  }, tags);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
      ),
    );
}

/** Opens `path` (signed in with `token` if given), waits for `ready`, and checks it on a phone and on a desktop. */
async function check(open: ReturnType<typeof useBrowser>['open'], path: string, ready: string, token?: string) {
  const { page, errors } = await open(path, phone, { bypassCsp: true, signedInAs: token });
  await page.locator(ready).first().waitFor();
  await settled(page);
  expect(await seriousViolations(page), `${path} at ${phone.width} px`).toEqual([]);
  await page.setViewportSize(desktop);
  await page.waitForTimeout(200);
  expect(await seriousViolations(page), `${path} at ${desktop.width} px`).toEqual([]);
  expect(errors).toEqual([]);
}

const publicRoutes = [
  { path: '/', ready: '[data-testid="category-grid"]' },
  { path: '/voucher-code', ready: '[data-testid="category-grid"]' },
  { path: '/player-id-topup', ready: '[data-testid="category-grid"]' },
  { path: '/category/free-fire', ready: '[data-testid="plan-groups"]' },
  { path: '/category/free-fire?group=ff-uid&plan=ff-25&mode=wallet', ready: '.plan-option.selected' },
  { path: '/category/free-fire?group=ff-id-password', ready: '.plan-grid .plan-option:not(.skeleton)' },
  { path: '/voucher/itunes', ready: '[data-testid="voucher-list"]' },
  { path: '/blogs', ready: '[data-testid="blog-list"]' },
  { path: '/blog/how-to-top-up-free-fire', ready: '.blog-content' },
  { path: '/about-us', ready: '.partner-grid' },
  { path: '/contact-us', ready: 'form[aria-label="Contact form"]' },
  { path: '/terms-and-condition', ready: 'h1' },
  { path: '/login', ready: 'form.auth-card' },
  { path: '/register', ready: 'form.auth-card' },
  { path: '/forgot-password', ready: 'form.auth-card' },
  { path: '/reset-password?token=not-a-real-token', ready: 'form.auth-card' },
  { path: '/verify-email?token=not-a-real-token', ready: '.text-danger' },
  { path: '/no/such/page', ready: '.status-code' },
];

describe('accessibility (axe): no serious or critical violations', () => {
  const browser = useBrowser();

  for (const { path, ready } of publicRoutes) {
    it(`on ${path}`, async () => {
      await check(browser.open, path, ready);
    });
  }

  describe('on the profile pages', () => {
    let shopper: TestAccount;
    let orderId = '';
    beforeAll(async () => {
      shopper = await fundedAccount(500, 'axe');
      const order = await callApi<{ data: { order_id: string } }>('/user/request/', {
        token: shopper.token,
        form: { plan_id: 'ff-25', saccount_id: '123456789', paid_from_wallet: 22 },
      });
      orderId = order.body.data.order_id;
      // A top-up still waiting for its payment, so that Pay now and Cancel are on the page too.
      await startTopUp(shopper, 150);
    });

    const profileRoutes = [
      { path: '/profile', ready: '.detail-list' },
      { path: '/profile/userEdit', ready: 'form.panel' },
      { path: '/profile/userSecurity', ready: 'form.panel' },
      { path: '/profile/userWallet', ready: '[data-testid="wallet-statement"]' },
      { path: '/profile/userOrder', ready: '.data-table' },
      { path: '/profile/userCode', ready: '.empty-state' },
      { path: '/profile/addMoney', ready: '.accepted-methods' },
      { path: '/profile/notifications', ready: '.notification-list, .empty-state' },
    ];
    for (const { path, ready } of profileRoutes) {
      it(`on ${path}`, async () => {
        await check(browser.open, path, ready, shopper.token);
      });
    }

    it('on /profile/order/{id}', async () => {
      await check(browser.open, `/profile/order/${orderId}`, '.timeline', shopper.token);
    });

    it('on the top-up confirmation', async () => {
      const { page } = await browser.open('/category/free-fire?group=ff-uid&plan=ff-25&mode=wallet', desktop, {
        bypassCsp: true,
        signedInAs: shopper.token,
      });
      await page.getByLabel('Player ID').fill('123456789');
      await page.getByRole('button', { name: 'Buy Now' }).click();
      await page.getByRole('dialog', { name: 'Confirm your top-up' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
