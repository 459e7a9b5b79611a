import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminSalesReport } from '../../../functions/contract/admin-wire';
import { dhakaDay, shiftDay } from '../../../functions/contract/report-range';
import { logInAdmin, placeUidOrder, sidewaysOverflow, uniquePlayerId } from '../../support/admin';
import { desktop, phone, settled, useBrowser } from '../../support/browser';
import { callApi } from '../../support/http';
import { fundedAccount } from '../../support/money';

let adminToken = '';
beforeAll(async () => {
  adminToken = await logInAdmin();
});

/** Today's orders of the 25-diamond plan, as the sales report has summed them so far. */
async function planOrdersToday(): Promise<number> {
  const today = dhakaDay(Date.now());
  const report = await callApi<{ data: AdminSalesReport }>(`/admin/reports/sales?from=${today}&to=${today}`, {
    method: 'GET',
    token: adminToken,
  });
  expect(report.status, JSON.stringify(report.body)).toBe(200);
  return report.body.data.items.find((item) => item.item_id === 'ff-25')?.orders ?? 0;
}

describe('the console’s Reports page', () => {
  const browser = useBrowser();

  it('on a 360 px phone: shows a sale in the figures, the drawn chart and its day table for the range chosen, downloads the day table and the orders, and on a desktop draws it wider', async () => {
    const before = await planOrdersToday();
    const buyer = await fundedAccount(50, 'reports');
    const orderIds = [await placeUidOrder(buyer, uniquePlayerId()), await placeUidOrder(buyer, uniquePlayerId())];
    // The stream's consumer sums a sale into the day's aggregates a few seconds later.
    await expect.poll(planOrdersToday, { timeout: 20_000, interval: 500 }).toBeGreaterThanOrEqual(before + 2);

    const today = dhakaDay(Date.now());
    const { page, errors } = await browser.open('/admin/reports', phone, { signedInAs: adminToken });
    await page.getByRole('button', { name: '30 days' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?from=${shiftDay(today, -29)}&to=${today}`);
    await page.getByLabel('From', { exact: true }).fill(shiftDay(today, -1));
    await expect.poll(() => new URL(page.url()).search).toBe(`?from=${shiftDay(today, -1)}&to=${today}`);

    const plan = page.getByRole('region', { name: 'Plans and vouchers' });
    await plan.getByText('25 Diamonds').waitFor();
    const orders = page.locator('[data-report-figures] .figure-card', { hasText: 'Orders' }).locator('.figure-count');
    expect(Number(await orders.textContent())).toBeGreaterThanOrEqual(2);

    // The canvas of the range chosen (the last range's stays while the new one loads).
    const label = (day: string) =>
      new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    const chart = page.getByRole('img', {
      name: `Net sales, margin and orders per day from ${label(shiftDay(today, -1))} to ${label(today)}:`,
    });
    await chart.waitFor();
    const drawn = () =>
      chart.evaluate((canvas) => ({
        tag: canvas.tagName,
        width: (canvas as HTMLCanvasElement).width,
        height: (canvas as HTMLCanvasElement).height,
        box: Math.round(canvas.getBoundingClientRect().width),
      }));
    await expect.poll(async () => (await drawn()).box).toBeGreaterThan(200);
    expect(await drawn()).toMatchObject({ tag: 'CANVAS', width: expect.any(Number), height: expect.any(Number) });
    expect((await drawn()).width).toBeGreaterThan(0);
    expect((await drawn()).height).toBeGreaterThan(0);
    expect((await drawn()).box).toBeLessThanOrEqual(phone.width);

    await page.getByText('The chart’s numbers, day by day').click();
    const todayRow = page.locator(`tr[data-report-day="${today}"]`);
    await todayRow.waitFor();
    expect(await todayRow.locator('td').first().textContent()).toMatch(/^৳[\d,]+$/);
    expect(await page.locator('tr[data-report-day]').count()).toBe(2);
    await settled(page);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Day table' }).click()]);
    expect(download.suggestedFilename()).toBe(`sales-${shiftDay(today, -1)}-${today}.csv`);
    const text = readFileSync((await download.path())!, 'utf8');
    // A byte-order mark first, so that a spreadsheet opens it as UTF-8.
    expect(text.split('\r\n')[0]).toMatch(/^\uFEFFday,game_id,game,/);
    expect(text).toContain(`${today},free-fire,`);

    // The orders export follows the same range: the two orders placed above, a row each.
    const [ordersFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Orders', exact: true }).click(),
    ]);
    expect(ordersFile.suggestedFilename()).toBe(`orders-${shiftDay(today, -1)}-${today}.csv`);
    const ordersText = readFileSync((await ordersFile.path())!, 'utf8');
    expect(ordersText.startsWith('\uFEFForder_id,day,')).toBe(true);
    for (const orderId of orderIds) expect(ordersText).toContain(`${orderId},${today},`);

    // On a desktop the chart follows its box: redrawn wider, never past the page.
    const phoneWidth = (await drawn()).box;
    await page.setViewportSize(desktop);
    await expect.poll(async () => (await drawn()).box).toBeGreaterThan(phoneWidth * 2);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
