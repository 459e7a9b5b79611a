import type { ClaimRow } from '@contract/wire';
import { describe, expect, it } from 'vitest';
import { logInAdmin, placeUidOrder, sidewaysOverflow, uniquePlayerId } from '../../support/admin';
import { toast, useBrowser } from '../../support/browser';
import { callApi } from '../../support/http';
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
});
