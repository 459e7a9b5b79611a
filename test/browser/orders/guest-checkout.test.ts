import type { ClaimRow } from '@contract/wire';
import { describe, expect, it } from 'vitest';
import { mailsTo } from '../../support/accounts';
import { logInAdmin, sidewaysOverflow, uniquePlayerId } from '../../support/admin';
import { toast, useBrowser } from '../../support/browser';
import { callApi } from '../../support/http';

/** A phone as wide as most in Bangladesh. */
const phone390 = { width: 390, height: 844 };

/** The supplier's stand-in delivers a player ID ending in 1 at once (its last digit picks the outcome). */
const deliveredPlayerId = () => `${uniquePlayerId().slice(0, -1)}1`;

/** The link in a guest's receipt mail, once the outbox has sent it. */
async function mailedOrderLink(email: string): Promise<string> {
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const [receipt] = await mailsTo(email);
  return /https?:\/\/\S+\/order\/[A-Za-z0-9_-]{24}/.exec(receipt!.text)![0];
}

describe('buying without an account', () => {
  const browser = useBrowser();

  it('sells a top-up to a guest in Bengali at 390 px through the gateway, whose mailed link opens the order on another device, and shows the operator’s answer to their report', async () => {
    const email = `guest.${Date.now()}@example.com`;
    const playerId = deliveredPlayerId();
    const { page, errors } = await browser.open('/category/free-fire?group=ff-uid', phone390, { locale: 'bn-BD' });
    await page.getByLabel('প্লেয়ার আইডি', { exact: true }).fill(playerId);
    await page.getByText('100 Diamonds · instant', { exact: true }).click();
    await page.getByText('ইনস্ট্যান্ট পেমেন্ট', { exact: true }).click();
    await page.getByRole('button', { name: 'এখনই কিনুন' }).click();
    await page.getByRole('button', { name: 'অ্যাকাউন্ট ছাড়া কিনুন' }).click();

    const confirm = page.getByRole('dialog', { name: 'আপনার টপ আপ নিশ্চিত করুন' });
    await confirm.getByTestId('confirm-player-id').getByText(playerId).waitFor();
    const contact = confirm.getByLabel('রসিদের জন্য ই-মেইল বা মোবাইল নম্বর');
    await contact.fill('not a contact');
    await confirm.getByRole('button', { name: 'নিশ্চিত করে ৳৭৫ পেমেন্ট করুন' }).click();
    await confirm.getByText('একটি ই-মেইল ঠিকানা বা 01XXXXXXXXX-এর মতো মোবাইল নম্বর দিন').waitFor();
    await contact.fill(email);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // The gateway's page opens in this tab, and returns the payer to their order's page.
    await Promise.all([page.waitForURL(/\/payment\/\w+$/), confirm.getByRole('button', { name: 'নিশ্চিত করে ৳৭৫ পেমেন্ট করুন' }).click()]);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((url) => /^\/order\/[A-Za-z0-9_-]{24}$/.test(url.pathname));
    // The page asks again while the supplier delivers, and turns Delivered on its own.
    await page.locator('.timeline').getByText('ডেলিভারি হয়েছে').waitFor();
    expect(await page.textContent('body')).toContain(playerId);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // The receipt's link, opened on another device, is the only key to the order.
    const link = await mailedOrderLink(email);
    expect(new URL(link).pathname).toBe(new URL(page.url()).pathname);
    const other = await browser.open(new URL(link).pathname, phone390, { locale: 'bn-BD' });
    await other.page.getByText(playerId).first().waitFor();
    expect(await other.page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');

    await other.page.getByRole('button', { name: 'সমস্যা জানান' }).click();
    const form = other.page.getByRole('form', { name: 'কী সমস্যা হয়েছে?' });
    await form.getByRole('radio', { name: 'টপ আপ পাইনি' }).check();
    await form.getByLabel('কী হয়েছে? (ঐচ্ছিক)').fill('ডায়মন্ড এখনো আসেনি');
    // A screenshot needs an account's upload.
    expect(await form.getByLabel('স্ক্রিনশট (ঐচ্ছিক)').count()).toBe(0);
    await form.getByRole('button', { name: 'অভিযোগ পাঠান' }).click();
    await toast(other.page, 'ধন্যবাদ: আপনার অভিযোগ পেয়েছি, উত্তর এখানেই দেব');
    await other.page.getByTestId('order-claim').getByText('ডায়মন্ড এখনো আসেনি').waitFor();

    const token = new URL(link).pathname.split('/').pop()!;
    const read = await callApi<{ data: { claim: ClaimRow } }>('/guest/order', { form: { token } });
    const replied = await callApi(`/admin/claims/${read.body.data.claim.claim_id}/reply`, {
      token: await logInAdmin(),
      form: { message: 'We checked: the diamonds reached your game' },
    });
    expect(replied.status, JSON.stringify(replied.body)).toBe(200);
    await other.page.reload();
    await other.page.getByTestId('order-claim').getByText('We checked: the diamonds reached your game').waitFor();
    expect(await sidewaysOverflow(other.page)).toBeLessThanOrEqual(0);
    // The delivery and the reply are mailed to the guest too, in Bengali, pointing at Find my orders.
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000 }).toBe(3);
    expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('অর্ডার পেয়েছি'),
        expect.stringContaining('ডেলিভারি হয়েছে'),
        expect.stringContaining('নিয়ে উত্তর'),
      ]),
    );
    const reply = (await mailsTo(email)).find((mail) => mail.subject.includes('নিয়ে উত্তর'))!;
    expect(reply.text).toContain('/find-orders');
    expect(errors.filter((error) => !/favicon|Failed to load resource/.test(error))).toEqual([]);
    expect(other.errors).toEqual([]);
  });

  it('finds a guest’s orders by a mailed code in English at 390 px, and opens one', async () => {
    const email = `finder.${Date.now()}@example.com`;
    const started = await callApi<{ data: { payment_url: string; id: string } }>('/guest/request_webview', {
      form: { plan_id: 'ff-25', saccount_id: uniquePlayerId(), amount: 22, contact: email, language: 'en' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const paid = await fetch(`${started.body.data.payment_url}/complete`, {
      method: 'POST',
      body: new URLSearchParams({ payment_method: 'bkash', sender_number: '01711223344' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await mailedOrderLink(email);

    const { page, errors } = await browser.open('/login', phone390);
    await page.getByRole('link', { name: 'Find my orders' }).click();
    await page.waitForURL((url) => url.pathname === '/find-orders');
    await page.getByLabel('E-mail or mobile number', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send the code' }).click();
    await page.getByText('If there are orders for this contact, we have sent it a 6-digit code').waitFor();
    await expect.poll(async () => (await mailsTo(email)).filter((mail) => /code/.test(mail.subject)).length, { timeout: 15_000 }).toBe(1);
    const code = /(\d{6})/.exec((await mailsTo(email)).find((mail) => /code/.test(mail.subject))!.text)![1]!;
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Show my orders' }).click();
    const row = page.getByRole('link').filter({ hasText: '25 Diamonds' });
    await row.first().waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await row.first().click();
    await page.waitForURL((url) => /^\/order\/[A-Za-z0-9_-]{24}$/.test(url.pathname));
    await page.getByText(started.body.data.id).first().waitFor();
    expect(errors).toEqual([]);
  });
});
