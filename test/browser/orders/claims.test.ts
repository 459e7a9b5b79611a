import type { ClaimRow, EvidencePermit } from '@contract/wire';
import { describe, expect, it } from 'vitest';
import { logInAdmin, placeUidOrder, sidewaysOverflow, uniquePlayerId } from '../../support/admin';
import { toast, useBrowser } from '../../support/browser';
import { callApi, onePixelPng, postUpload } from '../../support/http';
import { fundedAccount } from '../../support/money';

/** A phone as wide as most in Bangladesh. */
const phone390 = { width: 390, height: 844 };

describe('reporting a problem with an order', () => {
  const browser = useBrowser();

  it('lets a shopper report in Bengali at 390 px, and shows the operator’s answer on the order page', async () => {
    const shopper = await fundedAccount(22, 'claims');
    const orderId = await placeUidOrder(shopper, uniquePlayerId());
    const { page, errors } = await browser.open(`/profile/order/${orderId}`, phone390, { signedInAs: shopper.token, locale: 'bn-BD' });

    await page.getByRole('button', { name: 'সমস্যা জানান' }).click();
    const form = page.getByRole('form', { name: 'কী সমস্যা হয়েছে?' });
    await form.getByRole('button', { name: 'অভিযোগ পাঠান' }).click();
    await form.getByText('কী সমস্যা হয়েছে বেছে নিন').waitFor();
    await form.getByRole('radio', { name: 'টপ আপ পাইনি' }).check();
    await form.getByLabel('কী হয়েছে? (ঐচ্ছিক)').fill('ডায়মন্ড এখনো আসেনি');
    // A screenshot, uploaded straight to the file store with the permit the shop signs.
    await form.getByLabel('স্ক্রিনশট (ঐচ্ছিক)').setInputFiles({ name: 'bkash.png', mimeType: 'image/png', buffer: onePixelPng });
    await form.getByText('যুক্ত হয়েছে: bkash.png').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await form.getByRole('button', { name: 'অভিযোগ পাঠান' }).click();
    await toast(page, 'ধন্যবাদ: আপনার অভিযোগ পেয়েছি, উত্তর এখানেই দেব');
    const thread = page.getByTestId('order-claim');
    await thread.getByText('ডায়মন্ড এখনো আসেনি').waitFor();
    await thread.getByText('খোলা').waitFor();
    expect(await page.getByRole('button', { name: 'সমস্যা জানান' }).count()).toBe(0);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    const read = await callApi<{ data: { claim: ClaimRow } }>(`/user/order/${orderId}`, { method: 'POST', token: shopper.token });
    const claimId = read.body.data.claim.claim_id;
    expect(read.body.data.claim.thread[0]!.image).toMatch(new RegExp(`^evidence/${shopper.code}/`));
    const replied = await callApi<{ message: string }>(`/admin/claims/${claimId}/reply`, {
      token: await logInAdmin(),
      form: { message: 'We sent it again: check your game now' },
    });
    expect(replied.status, JSON.stringify(replied.body)).toBe(200);
    expect(replied.body.message).toBe('Answer sent');

    await page.reload();
    const answered = page.getByTestId('order-claim').locator('.claim-from-operator');
    await answered.getByText('We sent it again: check your game now').waitFor();
    expect(await answered.locator('strong').textContent()).toBe('সাপোর্ট টিম');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });

  it('lets an operator answer and close a report from the Claims section at 390 px', async () => {
    const shopper = await fundedAccount(22, 'claims-console');
    const playerId = uniquePlayerId();
    const orderId = await placeUidOrder(shopper, playerId);
    const permit = await callApi<{ data: EvidencePermit }>('/user/uploads', {
      token: shopper.token,
      form: { content_type: 'image/png', size: onePixelPng.length },
    });
    expect((await postUpload(permit.body.data, onePixelPng, 'image/png')).status).toBe(204);
    const raised = await callApi<{ data: ClaimRow }>(`/user/order/${orderId}/claim`, {
      token: shopper.token,
      form: { reason: 'paid_twice', message: 'bKash took the money twice', image: permit.body.data.image },
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const claimId = raised.body.data.claim_id;

    const { page, errors } = await browser.open('/admin/claims', phone390, { signedInAs: await logInAdmin() });
    const card = page.locator(`.claim-card[data-claim-id="${claimId}"]`);
    // Oldest first: the stack's older open reports may fill the first pages.
    await page.locator('.claim-card').first().waitFor();
    while ((await card.count()) === 0) {
      const shown = await page.locator('.claim-card').count();
      await page.getByRole('button', { name: 'Load more' }).click();
      await expect.poll(() => page.locator('.claim-card').count()).toBeGreaterThan(shown);
    }
    expect(await card.textContent()).toContain(playerId);
    expect(await card.getByTestId('claim-reason').textContent()).toBe('Paid twice');
    await card.getByText('bKash took the money twice').waitFor();
    await card.getByRole('button', { name: 'Show screenshot' }).click();
    await card.getByRole('img', { name: "The shopper's screenshot" }).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    await card.getByLabel('Answer to the shopper').fill('We are checking with bKash');
    await card.getByRole('button', { name: 'Send answer' }).click();
    await page.getByRole('dialog', { name: 'Send answer' }).getByRole('button', { name: 'Send answer' }).click();
    await toast(page, 'Answer sent');
    await card.getByText('We are checking with bKash').waitFor();

    await card.getByRole('button', { name: 'Close' }).click();
    const closing = page.getByRole('dialog', { name: 'Close report' });
    await closing.getByLabel('Last word to the shopper (optional)').fill('Refunded the second payment');
    await closing.getByRole('button', { name: 'Close report' }).click();
    await toast(page, 'Report closed');
    await card.waitFor({ state: 'detached' });

    await page.getByRole('navigation', { name: 'Report status' }).getByRole('link', { name: 'Closed' }).click();
    await page.locator(`.claim-card[data-claim-id="${claimId}"]`).getByText('Refunded the second payment').waitFor();
    const read = await callApi<{ data: { claim: ClaimRow } }>(`/user/order/${orderId}`, { method: 'POST', token: shopper.token });
    expect(read.body.data.claim.status).toBe('closed');
    expect(errors).toEqual([]);
  });
});
