import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NotificationList, UserInfo } from '../../../functions/contract/wire';
import { mailedToken, mailsTo, mailWithSubject, type TestAccount, uniqueContact } from '../../support/accounts';
import { callApi } from '../../support/http';
import { fundedAccount } from '../../support/money';

/** The account as it reads itself. */
const userData = async (account: TestAccount) =>
  (await callApi<{ data: UserInfo }>('/user/user_data', { token: account.token, form: {} })).body.data;

const notifications = async (account: TestAccount, language?: 'bn' | 'en') =>
  (await callApi<{ data: NotificationList }>('/user/notifications', { token: account.token, form: language ? { language } : {} })).body
    .data;

describe("the account's language: its mails and notifications follow it", () => {
  it('registers in Bengali: the verification mail is in Bengali and the account says bn', async () => {
    const { email, mobileNo } = uniqueContact('bn-reg');
    const registered = await callApi('/auth/register_user', {
      form: { name: 'করিম', email, mobile_no: mobileNo, password: 'abcde', language: 'bn' },
    });
    expect(registered.status).toBe(200);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe('আপনার ইমেইল ঠিকানা নিশ্চিত করুন');
    expect(mail!.text).toContain('লিংকটি একবারই কাজ করবে');
    expect(mail!.text).toMatch(/\/verify-email\?token=/);
    const login = await callApi<{ data: UserInfo }>('/auth/login', { form: { email, password: 'abcde' } });
    expect(login.body.data.language).toBe('bn');
  });

  it('keeps a choice made later, answers English to an account that never chose, and refuses an unknown language', async () => {
    const account = await fundedAccount(0, 'lang');
    expect((await userData(account)).language).toBe('en');
    const refused = await callApi('/user/language', { token: account.token, form: { language: 'fr' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Language must be bn or en');
    const saved = await callApi('/user/language', { token: account.token, form: { language: 'bn' } });
    expect(saved.body).toEqual({ status: 1, message: 'Language saved', data: { language: 'bn' } });
    expect((await userData(account)).language).toBe('bn');

    const asked = await callApi('/auth/forgot_password', { form: { email: account.email, language: 'en' } });
    expect(asked.status).toBe(200);
    // The account's choice, not the page's that asked.
    const reset = await mailWithSubject(account.email, 'নতুন পাসওয়ার্ড সেট করুন');
    expect(reset.text).toMatch(/\/reset-password\?token=/);
  });

  it("mails a notification's receipt in the account's language, and words the list in the shop's language of the page", async () => {
    const buyer = await fundedAccount(100, 'bn-buyer');
    const verified = await callApi('/auth/verify_email', { form: { token: await mailedToken(buyer.email, '/verify-email') } });
    expect(verified.status).toBe(200);
    await callApi('/user/language', { token: buyer.token, form: { language: 'bn' } });
    const playerId = `${randomInt(1e8, 1e9)}6`;
    const placed = await callApi<{ data: { order_id: string } }>('/user/request/', {
      token: buyer.token,
      form: { plan_id: 'ff-25', saccount_id: playerId, paid_from_wallet: 22 },
    });
    expect(placed.status).toBe(200);
    const orderId = placed.body.data.order_id;

    const receipt = await mailWithSubject(buyer.email, 'অর্ডার পেয়েছি: 25 Diamonds');
    // Labels, money and time in Bengali; the order id and the player ID as they are typed.
    for (const line of [`অর্ডার: ${orderId}`, `প্লেয়ার আইডি: ${playerId}`, 'পরিমাণ: ৳২২', 'পেমেন্ট মাধ্যম: ওয়ালেট'])
      expect(receipt.text).toContain(line);
    expect(receipt.text).toContain('(ঢাকার সময়)');
    expect(receipt.html).toContain('<html lang="bn">');

    const inBengali = await notifications(buyer, 'bn');
    expect(inBengali.items.find((item) => item.kind === 'order_paid')).toMatchObject({
      title: 'অর্ডার পেয়েছি: 25 Diamonds',
      body: `25 Diamonds (Free Fire) প্লেয়ার ${playerId}-এর জন্য ৳২২ পেমেন্ট হয়েছে। আমরা এখনই ডেলিভারি করছি।`,
    });
    const inEnglish = await notifications(buyer, 'en');
    expect(inEnglish.items.find((item) => item.kind === 'order_paid')?.title).toBe('Order received: 25 Diamonds');
    // Without the page's language, the account's.
    expect((await notifications(buyer)).items.find((item) => item.kind === 'order_paid')?.title).toBe('অর্ডার পেয়েছি: 25 Diamonds');
  });
});
