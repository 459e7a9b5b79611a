import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type {
  ClaimedGuestOrders,
  GuestCheckoutAnswer,
  GuestOrderRow,
  OrderDetail,
  PaymentCheck,
  RaisedClaim,
} from '../../../functions/contract/wire';
import { mailsTo, mailedToken, registerAndLogIn, textsTo, verifyMobileNumber } from '../../support/accounts';
import { logInAdmin, uniquePlayerId } from '../../support/admin';
import { callApi } from '../../support/http';
import { payForInvoice, payInvoice, returnedInvoice, sendWebhook, storedItem } from '../../support/money';

/**
 * A guest's orders after checkout (contract: Guest checkout, Claims): "Find my orders" by a
 * one-time code, the gateway's return to a guest, a guest's report by the link, and an account
 * taking in the guest orders of its verified contacts, once.
 */

const guestEmail = () => `finder.${randomInt(1e9)}@example.com`;
const tokenOf = (link: string) => new URL(link).pathname.replace(/^\/order\//, '');

/** A guest's paid order: of the manual 25-diamond plan, or (`delivered`) of the supplier's plan, which the stand-in delivers. */
async function paidGuestOrder(contact: string, { delivered = false } = {}) {
  const plan = delivered ? { plan_id: 'ff-100-instant', amount: 75 } : { plan_id: 'ff-25', amount: 22 };
  const started = await callApi<{ data: GuestCheckoutAnswer }>('/guest/request_webview', {
    // The supplier's stand-in delivers an ID ending in 1 at once (its last digit picks the outcome).
    form: { ...plan, saccount_id: delivered ? `${uniquePlayerId().slice(0, -1)}1` : uniquePlayerId(), contact, language: 'en' },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const token = tokenOf(started.body.data.order_link);
  await sendWebhook(await payForInvoice(started.body.data.payment_url));
  await expect.poll(async () => (await guestOrder(token)).body.data?.awaiting_payment, { timeout: 10_000 }).toBe(false);
  return { orderId: started.body.data.id, token };
}

const guestOrder = (token: string) => callApi<{ data: OrderDetail; message: string }>('/guest/order', { form: { token } });
const findOrders = (contact: string) =>
  callApi<{ data: unknown; message: string }>('/guest/find_orders', { form: { contact, language: 'en' } });
const ordersFor = (contact: string, otp: string) =>
  callApi<{ data: GuestOrderRow[]; message: string }>('/guest/orders', { form: { contact, otp } });
const mailedCode = async (email: string) => {
  await expect.poll(async () => (await mailsTo(email)).filter((mail) => /code/.test(mail.subject)).length, { timeout: 15_000 }).toBe(1);
  const mail = (await mailsTo(email)).find((sent) => /code/.test(sent.subject))!;
  return /(\d{6})/.exec(mail.text)![1]!;
};

describe('find my orders', () => {
  it('answers the same for any contact, mails one code to a contact with orders, and opens its orders with new links once', async () => {
    const email = guestEmail();
    const first = await paidGuestOrder(email);
    const second = await paidGuestOrder(email);
    const nobody = guestEmail();
    const [asked, askedNobody] = await Promise.all([findOrders(email), findOrders(nobody)]);
    expect([asked.status, asked.body.message]).toEqual([askedNobody.status, askedNobody.body.message]);
    expect(asked.status).toBe(200);
    const code = await mailedCode(email);
    expect(await mailsTo(nobody)).toEqual([]);
    // Asked again within the minute: the same answer, no second message.
    expect((await findOrders(email)).status).toBe(200);

    const wrong = code === '000000' ? '111111' : '000000';
    expect((await ordersFor(email, wrong)).status).toBe(400);
    expect((await ordersFor(nobody, code)).status).toBe(400);
    const opened = await ordersFor(email, ` ${code} `);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.data.map((row) => row.order_id)).toEqual([second.orderId, first.orderId]);
    expect(opened.body.data[0]).toMatchObject({ paid_amount: 22, status: '0', plan_name: expect.any(String) });
    for (const row of opened.body.data) {
      expect(row.order_link).toMatch(new RegExp(`^${inject('stack').url}/order/[A-Za-z0-9_-]{24}$`));
      expect((await guestOrder(tokenOf(row.order_link))).body.data.order_id).toBe(row.order_id);
    }
    // The old link still opens its order; the code opens nothing twice.
    expect((await guestOrder(first.token)).body.data.order_id).toBe(first.orderId);
    expect((await ordersFor(email, code)).status).toBe(400);
    expect(await mailsTo(email).then((mails) => mails.filter((mail) => /code/.test(mail.subject)).length)).toBe(1);
  });

  it('texts the code to a mobile contact, gives five guesses in all under parallel tries, and limits asks per contact', async () => {
    const mobile = `018${randomInt(1e7, 1e8)}`;
    await paidGuestOrder(mobile);
    expect((await findOrders(mobile)).status).toBe(200);
    await expect.poll(async () => (await textsTo(mobile)).filter((text) => /code/.test(text.msg)).length, { timeout: 15_000 }).toBe(1);
    const code = /(\d{6})/.exec((await textsTo(mobile)).find((text) => /code/.test(text.msg))!.msg)![1]!;
    const guesses = Array.from({ length: 10 }, (_, i) => String((Number(code) + i + 1) % 1e6).padStart(6, '0'));
    const tried = await Promise.all(guesses.map((guess) => ordersFor(mobile, guess)));
    expect(tried.map((answer) => answer.status)).toEqual(Array(10).fill(400));
    expect(tried.filter((answer) => /expired or was tried too often/.test(answer.body.message)).length).toBe(5);
    // Five wrong tries spent the code: the right one opens nothing now.
    expect((await ordersFor(mobile, code)).status).toBe(400);
    // A contact may ask three times an hour, whatever it has.
    const asks = [];
    for (let n = 0; n < 3; n += 1) asks.push((await findOrders(mobile)).status);
    expect(asks).toEqual([200, 200, 429]);
    const nobody = guestEmail();
    const nobodyAsks = [];
    for (let n = 0; n < 4; n += 1) nobodyAsks.push((await findOrders(nobody)).status);
    expect(nobodyAsks).toEqual([200, 200, 200, 429]);
  });

  it('opens nothing with a code past its ten minutes, right as it is', async () => {
    const { putGuestOrdersCode } = await import('../../../functions/orders/guest-code-repo');
    const { guestCodeHash } = await import('../../../functions/orders/guest-orders');
    const { guestIdOf } = await import('../../../functions/orders/guests');
    const { keyRing } = await import('../../../functions/shared/secrets');
    const email = guestEmail();
    await paidGuestOrder(email);
    const guestId = guestIdOf({ kind: 'email', value: email });
    const { current } = await keyRing();
    const elevenMinutesAgo = Date.now() - 11 * 60_000;
    await putGuestOrdersCode(
      guestId,
      {
        codeHash: guestCodeHash(current.codeKey, guestId, '123456'),
        keyId: current.id,
        expiresAt: Math.floor(elevenMinutesAgo / 1000) + 600,
        sentAt: elevenMinutesAgo,
        attempts: 0,
      },
      60_000,
      new Date(elevenMinutesAgo).toISOString(),
    );
    const answer = await ordersFor(email, '123456');
    expect([answer.status, answer.body.message]).toEqual([400, 'This code has expired or was tried too often. Ask for a new one.']);
  });

  it('refuses a code from an address past its budget', async () => {
    const { sendGuestOrdersCode } = await import('../../../functions/orders/guest-orders-code');
    const address = `198.51.100.${randomInt(250)}`;
    const asked = [];
    for (let n = 0; n < 11; n += 1)
      asked.push(
        await sendGuestOrdersCode({ kind: 'email', value: guestEmail() }, address, 'en').then(
          () => 200,
          (error: { statusCode: number }) => error.statusCode,
        ),
      );
    expect(asked).toEqual([...Array(10).fill(200), 429]);
  });
});

describe('a guest back from the gateway', () => {
  it('settles the payment by the link kept on the device, and an invoice of another payer is not found', async () => {
    const started = await callApi<{ data: GuestCheckoutAnswer }>('/guest/request_webview', {
      form: { plan_id: 'ff-25', saccount_id: uniquePlayerId(), amount: 22, contact: guestEmail() },
    });
    const token = tokenOf(started.body.data.order_link);
    const invoice = returnedInvoice(await payInvoice(started.body.data.payment_url, { webhook: false }));
    const other = await callApi<{ data: GuestCheckoutAnswer }>('/guest/request_webview', {
      form: { plan_id: 'ff-25', saccount_id: uniquePlayerId(), amount: 22, contact: guestEmail() },
    });
    const verify = (linkToken: string) =>
      callApi<{ data: PaymentCheck; message: string }>('/guest/verify_payment', { form: { token: linkToken, invoice_id: invoice } });
    expect((await verify(tokenOf(other.body.data.order_link))).status).toBe(404);
    expect((await verify('A'.repeat(24))).status).toBe(404);
    const answers = await Promise.all([verify(token), verify(token)]);
    expect(answers.map((answer) => answer.body.data)).toEqual([
      { kind: 'order', id: started.body.data.id, status: '1' },
      { kind: 'order', id: started.body.data.id, status: '1' },
    ]);
    expect((await guestOrder(token)).body.data.awaiting_payment).toBe(false);
  });
});

describe("a guest's report", () => {
  it('raises one claim by the link under parallel reports, shows it on the link, and answers 404 for any other token', async () => {
    const { token } = await paidGuestOrder(guestEmail());
    const report = (linkToken: string) =>
      callApi<{ data: RaisedClaim; message: string }>('/guest/claim', {
        form: { token: linkToken, reason: 'other', message: 'The diamonds did not arrive' },
      });
    expect((await report('A'.repeat(24))).status).toBe(404);
    const answers = await Promise.all(Array.from({ length: 10 }, () => report(token)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const page = (await guestOrder(token)).body.data;
    expect(page.claim).toMatchObject({ status: 'open', reason: 'other' });
    expect(page.claim!.thread[0]).toMatchObject({ from: 'shopper', message: 'The diamonds did not arrive' });
    // A screenshot needs an account's upload: a guest's report names none.
    const withImage = await callApi('/guest/claim', { form: { token, reason: 'other', message: 'x', image: 'evidence/guest-x/a.png' } });
    expect(withImage.status).toBe(400);
  });

  it('sends a guest\'s "paid twice" to a person, crediting no wallet', async () => {
    const { token } = await paidGuestOrder(guestEmail());
    const raised = await callApi<{ data: RaisedClaim }>('/guest/claim', { form: { token, reason: 'paid_twice', message: '' } });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect(raised.body.data).toMatchObject({ status: 'open', outcome: 'refused' });
  });
});

describe('adding guest orders to an account', () => {
  it('moves the finished guest orders of the verified e-mail and number once under parallel asks, and never for an unverified one', async () => {
    const account = await registerAndLogIn('claimer');
    const claim = () =>
      callApi<{ data: ClaimedGuestOrders; message: string }>('/user/claim_guest_orders', { token: account.token, form: {} });
    const byEmail = await paidGuestOrder(account.email.toUpperCase(), { delivered: true });
    const byMobile = await paidGuestOrder(account.mobileNo, { delivered: true });
    const finished = async (token: string) =>
      expect.poll(async () => (await guestOrder(token)).body.data, { timeout: 20_000, interval: 300 }).toMatchObject({ status: '1' });
    await Promise.all([finished(byEmail.token), finished(byMobile.token)]);

    // Neither contact is verified yet: nothing moves.
    expect((await claim()).body.data).toEqual({ claimed: 0 });
    await callApi('/auth/verify_email', { form: { token: await mailedToken(account.email, '/verify-email') } });
    const answers = await Promise.all(Array.from({ length: 5 }, claim));
    expect(answers.reduce((sum, answer) => sum + answer.body.data.claimed, 0)).toBe(1);
    await verifyMobileNumber(account);
    expect((await claim()).body.data).toEqual({ claimed: 1 });
    expect((await claim()).body.data).toEqual({ claimed: 0 });

    // The account's own order page and list have them; the guest links no longer open them.
    for (const { orderId, token } of [byEmail, byMobile]) {
      const own = await callApi<{ data: OrderDetail }>(`/user/order/${orderId}`, { token: account.token, form: {} });
      expect(own.body.data).toMatchObject({ order_id: orderId, status: '1', paid_amount: 75 });
      expect((await guestOrder(token)).status).toBe(404);
    }
    const list = await callApi<{ data: { order_id: string }[] }>('/user/get_request_list', { token: account.token, form: {} });
    expect(list.body.data.map((row) => row.order_id)).toEqual(expect.arrayContaining([byEmail.orderId, byMobile.orderId]));
  });
});

describe('a guest has no wallet', () => {
  it("books a guest's payment that came after the order was cancelled for a person to refund, and an operator refunds a guest order only to the payment method", async () => {
    const { giveUp } = await import('../../../functions/payments/service');
    const { guestIdOf } = await import('../../../functions/orders/guests');
    const email = guestEmail();
    const started = await callApi<{ data: GuestCheckoutAnswer }>('/guest/request_webview', {
      form: { plan_id: 'ff-25', saccount_id: uniquePlayerId(), amount: 22, contact: email },
    });
    const guestId = guestIdOf({ kind: 'email', value: email });
    expect(await giveUp({ kind: 'order', id: started.body.data.id, userId: guestId }, 'expired')).toBe('cancelled');
    const invoice = await payForInvoice(started.body.data.payment_url);
    await Promise.all([sendWebhook(invoice), sendWebhook(invoice)]);
    const token = tokenOf(started.body.data.order_link);
    await expect.poll(async () => (await guestOrder(token)).body.data.status, { timeout: 10_000 }).toBe('2');
    expect((await guestOrder(token)).body.data.remark).toBe(
      'Paid after the order was cancelled: an operator will refund ৳22 to your payment method',
    );
    expect(await storedItem(`WALLET#${guestId}`, '#WALLET')).toBeUndefined();
    expect(await storedItem(`ALERT#payment-review#uddoktapay#${invoice}`, 'ALERT')).toMatchObject({ kind: 'payment_review' });

    const placed = await paidGuestOrder(guestEmail());
    const refund = await callApi(`/admin/orders/${placed.orderId}/refund`, {
      token: await logInAdmin(),
      form: { remark: 'Could not deliver' },
    });
    expect([refund.status, refund.body.message]).toEqual([409, 'A guest has no wallet: refund this order to the payment method']);
    expect((await guestOrder(placed.token)).body.data.status).toBe('0');
  });
});
