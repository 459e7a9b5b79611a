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
      expect(errors).toEqual([]);
    });
  }
});
