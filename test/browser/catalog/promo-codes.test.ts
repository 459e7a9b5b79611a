import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInAdmin, uniquePlayerId } from '../../support/admin';
import { settled, useBrowser } from '../../support/browser';
import { callApi } from '../../support/http';
import { balanceOf, fundedAccount, payInvoice } from '../../support/money';
import { projectRoot } from '../../support/spawn-stack';

const phone390 = { width: 390, height: 844 };
const folder = join(projectRoot, 'test-results', 'screenshots');

/** A fresh player ID the fake supplier knows (none ending in 0, which would hold Confirm). */
const knownPlayerId = () => `${uniquePlayerId().slice(0, -1)}7`;

/** A new code from the console's API: a valid one, and one that ended yesterday. */
async function codes() {
  const token = await logInAdmin();
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const [valid, expired] = [`SAVE${tag}`, `OLD${tag}`];
  const forms: Record<string, string | number>[] = [
    { code: valid, kind: 'percent', value: 10 },
    { code: expired, kind: 'fixed', value: 5, starts_at: '2020-01-01T00:00:00', ends_at: '2020-01-02T00:00:00' },
  ];
  for (const form of forms) expect((await callApi('/admin/promo_codes', { method: 'POST', token, form })).status).toBe(200);
  return { valid, expired };
}

/** The confirm step's promo field: types a code (or keeps the link's) and applies it. */
async function applyCode(dialog: ReturnType<Page['getByRole']>, label: string, apply: string, code?: string) {
  const field = dialog.getByLabel(label);
  if (code !== undefined) await field.fill(code);
  await dialog.getByRole('button', { name: apply }).click();
}

describe('a promo code in the confirm step, on a 390 px phone', () => {
  const browser = useBrowser();

  it('in English: brings the link’s code, says an expired one has expired, then pays the discounted total through the gateway', async () => {
    const { valid, expired } = await codes();
    const account = await fundedAccount(0, 'promogw');
    const { page, errors } = await browser.open(`/category/free-fire?group=ff-uid&code=${expired}`, phone390, {
      signedInAs: account.token,
    });
    await page.getByText('50 Diamonds', { exact: true }).click();
    await page.getByText('Instant Payment', { exact: true }).click();
    await page.getByLabel('Player ID').fill(knownPlayerId());
    await page.getByRole('button', { name: 'Buy Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your top-up' });
    await expect.poll(() => dialog.getByLabel('Promo code').inputValue()).toBe(expired);
    await applyCode(dialog, 'Promo code', 'Apply');
    await dialog.getByText('This promo code has expired').waitFor();
    await applyCode(dialog, 'Promo code', 'Apply', valid.toLowerCase());
    await expect.poll(() => dialog.getByTestId('promo-discount').textContent()).toBe('−৳4');
    await settled(page);
    await page.screenshot({ path: join(folder, 'promo-code-applied-390.png') });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Confirm and pay ৳36' }).click()]);
    await popup.waitForURL(/\/payment\/\w+$/);
    expect(await popup.locator('.amount').textContent()).toBe('৳36.00');
    expect((await payInvoice(popup.url())).status).toBe(303);
    await expect
      .poll(
        async () =>
          (
            await callApi<{ data: { paid_amount: number; discount: number }[] }>('/user/get_request_list', {
              token: account.token,
              form: {},
            })
          ).body.data[0],
        {
          timeout: 15_000,
        },
      )
      .toMatchObject({ paid_amount: 36, discount: 4 });
    expect(errors).toEqual([]);
  });

  it('in Bengali: says why in Bengali, then pays the discounted total from the wallet', async () => {
    const { valid, expired } = await codes();
    const account = await fundedAccount(100, 'promobn');
    const { page, errors } = await browser.open('/category/free-fire?group=ff-uid', phone390, {
      signedInAs: account.token,
      locale: 'bn-BD',
    });
    await page.getByLabel('প্লেয়ার আইডি').fill(knownPlayerId());
    await page.getByText('25 Diamonds', { exact: true }).click();
    await page.getByRole('button', { name: 'এখনই কিনুন' }).click();
    const dialog = page.getByRole('dialog', { name: 'আপনার টপ আপ নিশ্চিত করুন' });
    await applyCode(dialog, 'প্রোমো কোড', 'প্রয়োগ করুন', expired);
    await dialog.getByText('এই প্রোমো কোডের মেয়াদ শেষ').waitFor();
    await applyCode(dialog, 'প্রোমো কোড', 'প্রয়োগ করুন', valid);
    await expect.poll(() => dialog.getByTestId('promo-discount').textContent()).toBe('−৳২');
    await settled(page);
    await page.screenshot({ path: join(folder, 'promo-code-applied-bn-390.png') });
    await dialog.getByRole('button', { name: /৳২০/ }).click();
    await page.waitForURL((url) => url.pathname === '/profile/userOrder');
    expect(await balanceOf(account.code)).toBe(80);
    expect(errors).toEqual([]);
  });
});
