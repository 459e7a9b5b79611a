import { randomInt } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { GuestCheckoutAnswer, GuestOrderRow, OrderDetail } from '../../../functions/contract/wire';
import { guestIdOf } from '../../../functions/orders/guests';
import { giveUp } from '../../../functions/payments/service';
import { db, tableName } from '../../../functions/shared/db';
import { listVouchers } from '../../../functions/vouchers/repo';
import { mailsTo } from '../../support/accounts';
import { callApi } from '../../support/http';
import { freshVoucher, payForInvoice, sendWebhook, storedItem } from '../../support/money';

/**
 * A guest's codes through the gateway (contract: Guest checkout): the codes are reserved at
 * checkout, placed once when the payment settles, returned once when it is cancelled, and read
 * on the order's secret link only.
 */

const guestEmail = () => `guest.codes.${randomInt(1e9)}@example.com`;

const checkout = (form: Record<string, string | number>) =>
  callApi<{ data: GuestCheckoutAnswer; message: string }>('/guest/buy_voucher_webview', { form: { language: 'bn', ...form } });

const guestOrder = (token: string) => callApi<{ data: OrderDetail; message: string }>('/guest/order', { form: { token } });

const tokenOf = (link: string) => new URL(link).pathname.replace(/^\/order\//, '');

const stockOf = async (voucherId: string) => (await listVouchers('google-play')).find((voucher) => voucher.id === voucherId)?.stock;

/** Every item of a guest contact's partition. */
const partitionOf = async (email: string) =>
  (
    await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `USER#${guestIdOf({ kind: 'email', value: email })}` },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

const codeOrdersIn = async (email: string) => (await partitionOf(email)).filter((item) => String(item.sk).startsWith('VORDER#'));

describe("a guest's codes", () => {
  it('reserves two codes at checkout, shows both on the link once paid, and mails the link without a code', async () => {
    const voucher = await freshVoucher(5, 100);
    const email = guestEmail();
    const started = await checkout({ voucher_id: voucher.id, qty: 2, amount: 200, contact: email });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { order_link: link, id: orderId, payment_url: paymentUrl } = started.body.data;
    expect(await stockOf(voucher.id)).toBe(3);
    const token = tokenOf(link);
    const waiting = (await guestOrder(token)).body.data;
    expect(waiting).toMatchObject({ order_id: orderId, awaiting_payment: true, status: '0', codes: [], paid_amount: 200 });

    await sendWebhook(await payForInvoice(paymentUrl));
    await expect.poll(async () => (await guestOrder(token)).body.data.codes.length, { timeout: 10_000 }).toBe(2);
    const paid = (await guestOrder(token)).body.data;
    expect(paid).toMatchObject({ order_id: orderId, status: '1', paid_amount: 200, plan_name: `Test voucher ${voucher.id}` });
    expect(new Set(paid.codes).size).toBe(2);
    for (const code of paid.codes) expect(voucher.codes).toContain(code);
    expect(await stockOf(voucher.id)).toBe(3);

    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000 }).toBe(1);
    const [receipt] = await mailsTo(email);
    expect(receipt!.text).toContain(link);
    for (const code of voucher.codes) {
      expect(receipt!.text).not.toContain(code);
      expect(receipt!.html).not.toContain(code);
    }

    // Lost the link: Find my orders lists the code order, and its new link shows the codes.
    expect((await callApi('/guest/find_orders', { form: { contact: email, language: 'en' } })).status).toBe(200);
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000 }).toBe(2);
    const code = /(\d{6})/.exec((await mailsTo(email)).find((mail) => /code/.test(mail.subject))!.text)![1]!;
    const found = await callApi<{ data: GuestOrderRow[] }>('/guest/orders', { form: { contact: email, otp: code } });
    expect(found.body.data).toEqual([
      expect.objectContaining({ order_id: orderId, status: '1', paid_amount: 200, plan_name: paid.plan_name }),
    ]);
    expect((await guestOrder(tokenOf(found.body.data[0]!.order_link))).body.data.codes.sort()).toEqual([...paid.codes].sort());
  });

  it('places the order once for ten webhooks at once', async () => {
    const voucher = await freshVoucher(4, 100);
    const email = guestEmail();
    const started = await checkout({ voucher_id: voucher.id, qty: 1, amount: 100, contact: email });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const invoice = await payForInvoice(started.body.data.payment_url, { webhook: false });
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendWebhook(invoice)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(await codeOrdersIn(email)).toHaveLength(1);
    expect((await codeOrdersIn(email))[0]!.codes).toHaveLength(1);
    expect(await stockOf(voucher.id)).toBe(3);
    expect((await guestOrder(tokenOf(started.body.data.order_link))).body.data.codes).toHaveLength(1);
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000 }).toBe(1);
  });

  it('places the order when the payer comes back from the gateway (the link names whose invoice it is)', async () => {
    const voucher = await freshVoucher(2, 100);
    const started = await checkout({ voucher_id: voucher.id, qty: 1, amount: 100, contact: guestEmail() });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const token = tokenOf(started.body.data.order_link);
    const invoice = await payForInvoice(started.body.data.payment_url, { webhook: false });
    const other = await checkout({ voucher_id: voucher.id, qty: 1, amount: 100, contact: guestEmail() });
    // Another guest's link does not settle this invoice.
    const wrong = await callApi('/guest/verify_payment', { form: { token: tokenOf(other.body.data.order_link), invoice_id: invoice } });
    expect(wrong.status).toBe(404);
    const back = await callApi<{ data: { kind: string; status: string } }>('/guest/verify_payment', {
      form: { token, invoice_id: invoice },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data).toMatchObject({ kind: 'codes', id: started.body.data.id });
    const page = (await guestOrder(token)).body.data;
    expect(page).toMatchObject({ status: '1', awaiting_payment: false });
    expect(page.codes).toHaveLength(1);
  });

  it("puts a cancelled checkout's codes back once, and takes codes again for a payment that comes after", async () => {
    const voucher = await freshVoucher(3, 100);
    const email = guestEmail();
    const started = await checkout({ voucher_id: voucher.id, qty: 2, amount: 200, contact: email });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(await stockOf(voucher.id)).toBe(1);
    const reference = { kind: 'codes' as const, userId: guestIdOf({ kind: 'email', value: email }), id: started.body.data.id };
    const given = await Promise.all([giveUp(reference, 'expired'), giveUp(reference, 'expired'), giveUp(reference, 'expired')]);
    expect(given).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(await stockOf(voucher.id)).toBe(3);
    const token = tokenOf(started.body.data.order_link);
    expect((await guestOrder(token)).body.data).toMatchObject({ payment_cancelled: true, codes: [] });

    // Money taken after the cancel is honoured: two of the codes put back are taken again.
    await sendWebhook(await payForInvoice(started.body.data.payment_url));
    await expect.poll(async () => (await guestOrder(token)).body.data.codes.length, { timeout: 10_000 }).toBe(2);
    expect((await guestOrder(token)).body.data.status).toBe('1');
    expect(await stockOf(voucher.id)).toBe(1);
  });

  it('books a payment after the cancel for a person when the codes are gone', async () => {
    const voucher = await freshVoucher(1, 100);
    const first = guestEmail();
    const started = await checkout({ voucher_id: voucher.id, qty: 1, amount: 100, contact: first });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const reference = { kind: 'codes' as const, userId: guestIdOf({ kind: 'email', value: first }), id: started.body.data.id };
    expect(await giveUp(reference, 'expired')).toBe('cancelled');
    const second = await checkout({ voucher_id: voucher.id, qty: 1, amount: 100, contact: guestEmail() });
    expect(second.status, JSON.stringify(second.body)).toBe(200);

    const invoice = await payForInvoice(started.body.data.payment_url);
    await sendWebhook(invoice);
    const token = tokenOf(started.body.data.order_link);
    await expect.poll(async () => (await guestOrder(token)).body.data.status, { timeout: 10_000 }).toBe('2');
    expect((await guestOrder(token)).body.data).toMatchObject({
      codes: [],
      remark: 'Paid after the order was cancelled: an operator will refund ৳100 to your payment method',
    });
    expect(await storedItem(`ALERT#payment-review#uddoktapay#${invoice}`, 'ALERT')).toMatchObject({ kind: 'payment_review' });
    expect(await codeOrdersIn(first)).toEqual([]);
    expect(await stockOf(voucher.id)).toBe(0);
  });

  it('gives the last code to one of two racing guests; the other gets 409 with no order written', async () => {
    const voucher = await freshVoucher(1, 100);
    const emails = [guestEmail(), guestEmail()];
    const answers = await Promise.all(emails.map((contact) => checkout({ voucher_id: voucher.id, qty: 1, amount: 100, contact })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.findIndex((answer) => answer.status === 409);
    expect(answers[loser]!.body.message).toBe('Out of stock');
    const written = (await partitionOf(emails[loser]!)).filter((item) => item.sk !== '#CHECKOUTS' || Number(item.open) !== 0);
    expect(written).toEqual([]);
    expect(await stockOf(voucher.id)).toBe(0);
    // Out of stock before any checkout opens: nothing is written either.
    const late = await checkout({ voucher_id: voucher.id, qty: 1, amount: 100, contact: emails[loser]! });
    expect([late.status, late.body.message]).toEqual([409, 'Out of stock']);
  });

  it('refuses a wrong total and answers 404 for a forged or altered token', async () => {
    const voucher = await freshVoucher(2, 100);
    expect((await checkout({ voucher_id: voucher.id, qty: 1, amount: 99, contact: guestEmail() })).status).toBe(409);
    expect(await stockOf(voucher.id)).toBe(2);
    const started = await checkout({ voucher_id: voucher.id, qty: 1, amount: 100, contact: '01712345678' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const token = tokenOf(started.body.data.order_link);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [altered, 'A'.repeat(24), 'forged-token']) {
      const answer = await guestOrder(wrong);
      expect([answer.status, answer.body.message], wrong).toEqual([404, 'Order not found']);
    }
  });
});
