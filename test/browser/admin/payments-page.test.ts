import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { dhakaDay } from '../../../functions/shared/days';
import { logInAdmin, sidewaysOverflow } from '../../support/admin';
import { phone, settled, toast, useBrowser } from '../../support/browser';
import { balanceOf, fundedAccount, payForInvoice, startTopUp } from '../../support/money';

let adminToken = '';
beforeAll(async () => {
  adminToken = await logInAdmin();
});

describe('the console’s payments page', () => {
  const browser = useBrowser();

  it('on a 360 px phone: lists a waiting top-up, settles it by the invoice id from the gateway’s panel, and downloads the reconciliation CSV', async () => {
    const payer = await fundedAccount(0, 'panel');
    const { paymentUrl, requestId } = await startTopUp(payer, 175);
    // Paid at the gateway, but the payer never came back and no webhook came: only the gateway's panel shows the invoice id.
    const invoiceId = await payForInvoice(paymentUrl, { webhook: false });

    const { page, errors } = await browser.open('/admin/payments', phone, { signedInAs: adminToken });
    const row = page.locator(`tr[data-payment-id="${requestId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('৳175');
    expect(await row.textContent()).toContain('Top-up');
    expect(await row.textContent()).toContain('No invoice id yet — only you can settle it');
    await settled(page);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByLabel("Invoice id from the gateway's panel").fill(invoiceId);
    await page.getByRole('button', { name: 'Settle', exact: true }).click();
    await toast(page, 'Paid: settled');
    await row.waitFor({ state: 'detached' });
    expect(await balanceOf(payer.code)).toBe(175);
    await expect.poll(() => page.getByLabel("Invoice id from the gateway's panel").inputValue()).toBe('');

    const today = dhakaDay(Date.now());
    await page.locator(`tr[data-report-row="${today}:bkash"]`).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path())!, 'utf8');
    // A byte-order mark first, so that a spreadsheet opens it as UTF-8.
    expect(text.startsWith('\uFEFFday,payment_method,payments,amount,fees,charged,refunds,refunded,net\r\n')).toBe(true);
    expect(text).toContain(`${today},bkash,`);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
