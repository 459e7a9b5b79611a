import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { type TestAccount, lastCodeTo, registerAndLogIn, textsTo, uniqueContact, verifyMobileNumber } from '../../support/accounts';
import { logInAdmin, uniquePlayerId } from '../../support/admin';
import { callApi } from '../../support/http';
import { fundedAccount } from '../../support/money';
import { stackLog } from '../../support/spawn-stack';

type Profile = { mobile_no: string; mobile_verified: boolean };

const profileOf = async (account: TestAccount) =>
  (await callApi<{ data: Profile }>('/user/user_data', { method: 'POST', token: account.token })).body.data;

const sendCode = (account: TestAccount) => callApi<{ message: string }>('/user/send_mobile_code', { method: 'POST', token: account.token });

const verify = (account: TestAccount, code: string) =>
  callApi<{ message: string; data: Profile }>('/user/verify_mobile', { token: account.token, form: { code } });

/** Queues the SMS stand-in's next answer: a documented error code, a server error. */
const failNextText = (failure: { error: number } | { status: number }) =>
  fetch(`${inject('stack').smsUrl}/test/fail`, { method: 'POST', body: JSON.stringify(failure) });

const changeMobile = (account: TestAccount, mobileNo: string) =>
  callApi('/user/update_user', { token: account.token, form: { name: account.name, mobile_no: mobileNo, email: account.email } });

/** A fresh funded account, its number proved through the API and the stand-in's text. */
async function verifiedAccount(label: string): Promise<TestAccount> {
  const account = await fundedAccount(100, label);
  await verifyMobileNumber(account);
  return account;
}

describe('verifying a mobile number by a texted code', () => {
  it('texts a code once through the provider, and the right code, typed in Bengali digits too, proves the number', async () => {
    const account = await registerAndLogIn('mobile');
    expect(await profileOf(account)).toMatchObject({ mobile_no: account.mobileNo, mobile_verified: false });
    const sent = await sendCode(account);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe(`We texted a code to ${account.mobileNo}`);
    const [text] = await textsTo(account.mobileNo);
    expect(text!.to).toBe(`88${account.mobileNo}`);
    const code = await lastCodeTo(account.mobileNo);
    // The Web OTP line: Chrome offers the code to this origin's page only.
    expect(text!.msg.split('\n').at(-1)).toBe(`@${new URL(inject('stack').url).host} #${code}`);
    expect(stackLog('integration')).not.toContain(code);

    const wrong = await verify(account, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('This code is not right. Please check it and try again.');
    const bengali = code.replace(/\d/g, (digit) => String.fromCharCode(0x09e6 + Number(digit)));
    const proved = await verify(account, ` ${bengali.slice(0, 3)} ${bengali.slice(3)} `);
    expect(proved.status, JSON.stringify(proved.body)).toBe(200);
    expect(await profileOf(account)).toMatchObject({ mobile_verified: true });
    expect((await verify(account, code)).status).toBe(400);
    expect((await sendCode(account)).status).toBe(409);
    expect(await textsTo(account.mobileNo)).toHaveLength(1);
  });

  it('counts every try before comparing: eight parallel guesses leave the right code refused, and a new one waits a minute', async () => {
    const account = await registerAndLogIn('guess');
    expect((await sendCode(account)).status).toBe(200);
    const code = await lastCodeTo(account.mobileNo);
    const wrongs = Array.from({ length: 8 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(wrongs.map((guess) => verify(account, guess)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(400));
    expect(answers.filter((answer) => answer.body.message.startsWith('This code has expired'))).toHaveLength(3);
    const late = await verify(account, code);
    expect(late.body.message).toBe('This code has expired or was tried too often. Ask for a new one.');
    const again = await sendCode(account);
    expect(again.status).toBe(429);
    expect(again.body.message).toBe('A code was sent less than a minute ago. Please wait before asking for a new one.');
    expect(await profileOf(account)).toMatchObject({ mobile_verified: false });
  });

  it('leaves no code behind when the provider refuses the number or cannot send, and says which', async () => {
    const account = await registerAndLogIn('refused');
    await failNextText({ error: 416 });
    const refused = await sendCode(account);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('We could not send a text to this number. Please check your mobile number.');
    await failNextText({ error: 417 });
    const broke = await sendCode(account);
    expect(broke.status).toBe(503);
    expect(broke.body.message).toBe('Text messages cannot be sent right now. Please try again in a few minutes.');
    expect(await textsTo(account.mobileNo)).toHaveLength(0);
    // Neither left a code to guess at, nor a minute to wait.
    expect((await verify(account, '123456')).body.message).toMatch(/^This code has expired/);
    expect((await sendCode(account)).status).toBe(200);
  });

  it('refuses a number it cannot text, and forgets the proof when the number changes', async () => {
    const account = await verifiedAccount('change');
    const { mobileNo } = uniqueContact();
    expect((await changeMobile(account, mobileNo)).status).toBe(200);
    expect(await profileOf(account)).toMatchObject({ mobile_no: mobileNo, mobile_verified: false });
    expect((await changeMobile(account, '+44 7700 900123')).status).toBe(200);
    const foreign = await sendCode(account);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('Only a Bangladeshi mobile number (01XXXXXXXXX) can be verified');
  });
});

describe('a verified mobile number is one person for promotions', () => {
  it('refuses a per-person code to a second account on the same proved number, with another player ID', async () => {
    const code = `PHONE${randomBytes(4).toString('hex').toUpperCase()}`;
    const created = await callApi('/admin/promo_codes', {
      method: 'POST',
      token: await logInAdmin(),
      form: { code, kind: 'fixed', value: 5 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const order = (account: TestAccount) =>
      callApi<{ message: string }>('/user/request/', {
        token: account.token,
        form: { plan_id: 'ff-25', saccount_type: 'UID Free Fire', saccount_id: uniquePlayerId(), coupan_code: code, paid_from_wallet: 17 },
      });
    const first = await verifiedAccount('phone-a');
    expect((await order(first)).status).toBe(200);
    // The number moves to a new account: it is the same phone, so the same person.
    const number = first.mobileNo;
    expect((await changeMobile(first, uniqueContact().mobileNo)).status).toBe(200);
    const second = await fundedAccount(100, 'phone-b');
    expect((await changeMobile(second, number)).status).toBe(200);
    const unproved = await order(second);
    expect(unproved.status, 'an unproved number is nobody yet').toBe(200);
    const third = await fundedAccount(100, 'phone-c');
    expect((await changeMobile(second, uniqueContact().mobileNo)).status).toBe(200);
    expect((await changeMobile(third, number)).status).toBe(200);
    expect((await sendCode(third)).status).toBe(200);
    expect((await verify(third, await lastCodeTo(number))).status).toBe(200);
    const refused = await order(third);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('You have already used this promo code');
  });
});
