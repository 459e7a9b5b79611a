import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { logInAdmin, sidewaysOverflow } from '../../support/admin';
import { desktop, phone, settled, toast, useBrowser } from '../../support/browser';
import { callApi } from '../../support/http';
import { projectRoot } from '../../support/spawn-stack';

const folder = join(projectRoot, 'test-results', 'screenshots');

describe('the console’s Promotions section', () => {
  const browser = useBrowser();
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await logInAdmin();
  });

  for (const viewport of [phone, desktop]) {
    it(`creates a code from its form, refusing a bad one in the schema's words, and lists it with its uses at ${viewport.width} px`, async () => {
      const code = `EID${randomBytes(3).toString('hex').toUpperCase()}`;
      const { page, errors } = await browser.open('/admin/promotions', viewport, { signedInAs: adminToken });
      await page.getByRole('heading', { name: 'Promotions' }).waitFor();
      await page.getByRole('button', { name: 'New promo code' }).click();
      const dialog = page.getByRole('dialog', { name: 'New promo code' });
      await dialog.getByLabel('Code (3–20 letters and digits)').fill(code);
      await dialog.getByLabel('Percent (1–100)').fill('150');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('A percent is at most 100').waitFor();
      await dialog.getByLabel('Percent (1–100)').fill('10');
      await dialog.getByLabel('Uses in all (optional)').fill('50');
      await dialog.getByLabel('Ends (Dhaka time, optional)').fill('2099-01-01T00:00');
      await dialog.getByRole('switch', { name: 'Public: listed in the site data' }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Promo code created');
      const row = page.locator(`[data-code="${code}"]`);
      await row.waitFor();
      expect(await row.textContent()).toContain('0 of 50');
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await settled(page);
      await page.screenshot({ path: join(folder, `admin-promotions-${viewport.width}.png`) });
      // The shop prices with it, and lists it in its site data.
      const quote = await callApi<{ data: { discount: number } }>('/user/quote', { form: { plan_id: 'ff-25', coupan_code: code } });
      expect(quote.body.data.discount).toBe(2);
      const site = await callApi<{ data: { coupans: { code: string; ends_at: string }[] } }>('/user/site_settings');
      expect(site.body.data.coupans).toContainEqual(expect.objectContaining({ code, ends_at: '2098-12-31T18:00:00.000Z' }));
      // Its uses (the quote took none), then paused from its row.
      await row.getByRole('button', { name: 'Uses' }).click();
      const uses = page.getByRole('dialog', { name: `Uses of ${code}` });
      await uses.getByText('No uses yet.').waitFor();
      await uses.getByRole('button', { name: 'Close' }).click();
      // Edited from its row: the form opens with the code's terms (its end in Dhaka time).
      await row.getByRole('button', { name: 'Edit' }).click();
      const editing = page.getByRole('dialog', { name: `Edit ${code}` });
      expect(await editing.getByLabel('Ends (Dhaka time, optional)').inputValue()).toBe('2099-01-01T00:00');
      await editing.getByLabel('Uses per person').fill('3');
      await editing.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Promo code saved');
      await expect.poll(() => row.textContent()).toContain('3 per person');
      await row.getByRole('button', { name: 'Pause' }).click();
      await toast(page, 'Promo code paused');
      await expect.poll(() => row.textContent()).toContain('paused');
      expect(errors).toEqual([]);
    });
  }

  it('schedules a flash sale on a plan chosen by name (refused at the plan’s cost until “Sell below cost” is ticked) and ends it, then makes a giveaway batch, at 360 px', async () => {
    const name = `Sale ${randomBytes(3).toString('hex')}`;
    const saved = await callApi<{ data: { plans_id: string } }>('/admin/plans', {
      token: adminToken,
      form: {
        category_id: 'ff-uid',
        pname: name,
        image: '/images/plan-diamond.svg',
        price: 100,
        status: 1,
        position: 996,
        delivery: 'supplier',
        supplier_sku: 'FF100',
        cost: 70,
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { page, errors } = await browser.open('/admin/promotions', phone, { signedInAs: adminToken });
    await page.getByRole('button', { name: 'New sale' }).click();
    const dialog = page.getByRole('dialog', { name: 'New sale' });
    await dialog.getByLabel('On', { exact: true }).selectOption({ label: `Free Fire · UID TOPUP · ${name}` });
    await dialog.getByLabel('Sale price, ৳ (list price ৳100, cost ৳70)').fill('70');
    // Far ahead, so that no other test's price of this plan changes.
    await dialog.getByLabel('Starts (Dhaka time)').fill('2099-01-01T18:00:00');
    await dialog.getByLabel('Ends (Dhaka time): the first second at the list price').fill('2099-01-01T20:00:00');
    await dialog.getByLabel('Units at the sale price (optional)').fill('25');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog
      .getByText(/at or below what the item costs \(৳70\)/)
      .first()
      .waitFor();
    await dialog.getByRole('switch', { name: 'Sell below cost: I mean to sell at a loss' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Sale created');
    const row = page.locator('[data-sale]', { hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain('0 of 25');
    expect(await row.textContent()).toContain('Scheduled');
    await row.getByRole('button', { name: 'End now' }).click();
    await page.getByRole('dialog', { name: 'End this sale now?' }).getByRole('button', { name: 'End now' }).click();
    await toast(page, 'Sale ended');
    await expect.poll(() => row.textContent()).toContain('Ended');

    // A giveaway batch: its codes download at once, and it is listed as one row.
    const prefix = `GV${randomBytes(2).toString('hex').toUpperCase()}`;
    await page.getByRole('button', { name: 'New promo code' }).click();
    const codeDialog = page.getByRole('dialog', { name: 'New promo code' });
    await codeDialog.getByLabel('How many single-use codes (a giveaway batch, optional)').fill('3');
    await codeDialog.getByLabel('Prefix of every code (3–12 letters and digits)').fill(prefix);
    await codeDialog.getByLabel('Kind').selectOption('fixed');
    await codeDialog.getByLabel('Taka off').fill('5');
    const [download] = await Promise.all([page.waitForEvent('download'), codeDialog.getByRole('button', { name: 'Save' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^promo-batch-${prefix}-\\w{6}\\.csv$`));
    await toast(page, '3 promo codes created');
    await expect.poll(() => page.locator('[data-batch]', { hasText: prefix }).textContent()).toContain('0 of 3');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
