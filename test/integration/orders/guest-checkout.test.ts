import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { GuestCheckoutAnswer, OrderDetail } from '../../../functions/contract/wire';
import { mailsTo } from '../../support/accounts';
import { logInAdmin, uniquePlayerId } from '../../support/admin';
import { callApi } from '../../support/http';
import { fundedAccount, payForInvoice, sendWebhook, storedItem } from '../../support/money';

/**
 * Guest checkout (contract: Guest checkout): a visitor buys a top-up by player ID through the
 * gateway without an account; the order is reached only through its secret link, which the
 * receipt mails to the contact.
 */

const guestEmail = () => `Guest.${randomInt(1e9)}@Example.com`;

const checkout = (form: Record<string, string | number>) =>
  callApi<{ data: GuestCheckoutAnswer; message: string }>('/guest/request_webview', { form: { language: 'bn', ...form } });

const guestOrder = (token: string) => callApi<{ data: OrderDetail; message: string }>('/guest/order', { form: { token } });

const tokenOf = (link: string) => new URL(link).pathname.replace(/^\/order\//, '');

describe('guest checkout', () => {
  it('sells a top-up by player ID through the gateway to a guest, whose link alone shows the order, and mails the receipt with it', async () => {
    const email = guestEmail();
    const playerId = uniquePlayerId();
    const started = await checkout({ plan_id: 'ff-25', saccount_id: playerId, amount: 22, contact: email });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { order_link: link, id: orderId, payment_url: paymentUrl } = started.body.data;
    expect(link).toMatch(new RegExp(`^${inject('stack').url}/order/[A-Za-z0-9_-]{24}$`));
    const token = tokenOf(link);
    expect((await guestOrder(token)).body.data).toMatchObject({ order_id: orderId, saccount_id: playerId });

    await sendWebhook(await payForInvoice(paymentUrl));
    await expect.poll(async () => (await guestOrder(token)).body.data.awaiting_payment, { timeout: 10_000 }).toBe(false);
    const placed = (await guestOrder(token)).body.data;
    expect(placed).toMatchObject({ order_id: orderId, status: '0', paid_amount: 22 });

    // The receipt goes to the address as the guest typed it, in Bengali, with the link.
    await expect.poll(async () => (await mailsTo(email.toLowerCase())).length, { timeout: 15_000 }).toBe(1);
    const [receipt] = await mailsTo(email.toLowerCase());
    expect(receipt!.text).toContain(link);
    expect(receipt!.subject).toContain('অর্ডার');
  });

  it('texts the receipt with the link to a guest who gave a mobile number, once', async () => {
    const mobile = `017${randomInt(1e7, 1e8)}`;
    const started = await checkout({ plan_id: 'ff-25', saccount_id: uniquePlayerId(), amount: 22, contact: `+880 ${mobile.slice(1)}` });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const invoice = await payForInvoice(started.body.data.payment_url);
    await Promise.all([sendWebhook(invoice), sendWebhook(invoice)]);
    // The SMS stand-in lists what it accepted, each number as its 13 digits.
    const texts = async () =>
      ((await (await fetch(`${inject('stack').smsUrl}/messages`)).json()) as { to: string; msg: string }[]).filter(
        (message) => message.to === `88${mobile}`,
      );
    await expect.poll(async () => (await texts()).length, { timeout: 15_000 }).toBe(1);
    expect((await texts())[0]!.msg).toContain(started.body.data.order_link);
    expect(await mailsTo(mobile)).toEqual([]);
  });

  it('answers 404 for a forged, altered or malformed token, and no route answers a guest order by its id', async () => {
    const started = await checkout({ plan_id: 'ff-25', saccount_id: uniquePlayerId(), amount: 22, contact: '01712345678' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const token = tokenOf(started.body.data.order_link);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [altered, 'A'.repeat(24), 'not-a-token', token.slice(0, 12)]) {
      const answer = await guestOrder(wrong);
      expect([answer.status, answer.body.message], wrong).toEqual([404, 'Order not found']);
    }
    const other = await checkout({ plan_id: 'ff-25', saccount_id: uniquePlayerId(), amount: 22, contact: '01712345678' });
    expect((await guestOrder(tokenOf(other.body.data.order_link))).body.data.order_id).toBe(other.body.data.id);
    // A signed-in shopper's order route reads their own partition only.
    const shopper = await fundedAccount(0, 'nosy');
    expect((await callApi(`/user/order/${started.body.data.id}`, { token: shopper.token, form: {} })).status).toBe(404);
    // The link's item keeps the secret's hash, never the secret.
    expect(await storedItem(`ORDERLINK#${token}`, '#LINK')).toBeUndefined();
  });

  it('takes only top-ups by player ID and a contact it can reach, and refuses a wrong price without writing', async () => {
    const refused = [
      [{ contact: 'not a contact' }, 'Enter an e-mail address or a mobile number like 01XXXXXXXXX'],
      [{ contact: '' }, 'Enter your e-mail or mobile number for the receipt'],
      [
        { plan_id: 'ffa-520', saccount_type: 'FB', saccount_id: 'me@example.com', saccount_password: 'x', amount: 350 },
        'Top-ups by game-account login need an account: sign in first',
      ],
    ] as const;
    for (const [change, message] of refused) {
      const answer = await checkout({ plan_id: 'ff-25', saccount_id: uniquePlayerId(), amount: 22, contact: guestEmail(), ...change });
      expect([answer.status, answer.body.message], message).toEqual([400, message]);
    }
    expect((await checkout({ plan_id: 'ff-25', saccount_id: uniquePlayerId(), amount: 21, contact: guestEmail() })).status).toBe(409);
  });

  it('lets one guest contact start four payments in ten minutes, fewer than an account', async () => {
    const contact = guestEmail();
    const started = [];
    for (let n = 0; n < 5; n += 1) started.push(await checkout({ plan_id: 'ff-25', saccount_id: uniquePlayerId(), amount: 22, contact }));
    expect(started.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 429]);
    expect(started[4]!.body.message).toMatch(/^Too many payments started\./);
  });

  it('sends a guest order whose delivery failed to a person, crediting no wallet', async () => {
    const started = await checkout({
      plan_id: 'ff-100-instant',
      saccount_id: `${uniquePlayerId().slice(0, -1)}0`,
      amount: 75,
      contact: guestEmail(),
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await sendWebhook(await payForInvoice(started.body.data.payment_url));
    const token = tokenOf(started.body.data.order_link);
    await expect.poll(async () => (await guestOrder(token)).body.data.delivery?.state, { timeout: 20_000, interval: 300 }).toBe('waiting');
    const page = (await guestOrder(token)).body.data;
    expect(page.status).toBe('0');
  });

  it('counts a promo code once per person by the guest contact and by the player ID, and holds it until the payment settles', async () => {
    const code = `GUEST${randomInt(1e9)}`;
    const created = await callApi('/admin/promo_codes', {
      method: 'POST',
      token: await logInAdmin(),
      form: { code, kind: 'fixed', value: 3, per_person: 1 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const contact = guestEmail();
    const playerId = uniquePlayerId();
    const first = await checkout({ plan_id: 'ff-25', saccount_id: playerId, amount: 19, contact, coupan_code: code });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // Held by the waiting checkout: the same contact, or the same player ID from another contact, is refused now.
    const refusals = await Promise.all([
      checkout({ plan_id: 'ff-25', saccount_id: uniquePlayerId(), amount: 19, contact, coupan_code: code }),
      checkout({ plan_id: 'ff-25', saccount_id: playerId, amount: 19, contact: guestEmail(), coupan_code: code }),
    ]);
    expect(refusals.map((answer) => [answer.status, answer.body.message])).toEqual([
      [400, 'You have already used this promo code'],
      [400, 'You have already used this promo code'],
    ]);
    await sendWebhook(await payForInvoice(first.body.data.payment_url));
    const token = tokenOf(first.body.data.order_link);
    await expect.poll(async () => (await guestOrder(token)).body.data.awaiting_payment, { timeout: 10_000 }).toBe(false);
    expect((await guestOrder(token)).body.data).toMatchObject({ paid_amount: 19, discount: 3, coupan_code: code });
    // Another person (contact and player ID) may use it.
    const other = await checkout({ plan_id: 'ff-25', saccount_id: uniquePlayerId(), amount: 19, contact: guestEmail(), coupan_code: code });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
  });
});
