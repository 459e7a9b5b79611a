import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { NotificationList } from '../../../functions/contract/wire';
import { sendOnce } from '../../../functions/notifications/channels/claim';
import { fanOut } from '../../../functions/notifications/fan-out';
import { notificationKey, notificationPage } from '../../../functions/notifications/repo';
import { mailedToken, mailsTo, mailWithSubject, type StoredMail, type TestAccount } from '../../support/accounts';
import { logInAdmin } from '../../support/admin';
import { callApi } from '../../support/http';
import { freshVoucher, fundedAccount, invoiceOfToken, orderOnceStatus, payForInvoice, payInvoice, startTopUp } from '../../support/money';

const notifications = async (account: TestAccount) =>
  (await callApi<{ data: NotificationList }>('/user/notifications', { token: account.token, form: {} })).body.data;

const walletOrder = (account: TestAccount, plan: string, price: number, playerId: string) =>
  callApi<{ data: { order_id: string; status: string } }>('/user/request/', {
    token: account.token,
    form: { plan_id: plan, saccount_id: playerId, paid_from_wallet: price },
  });

describe('notifications in the account (the outbox, written with each change)', () => {
  it('tells of an automatic delivery once, links to the order, and counts it unread until it is read', async () => {
    const buyer = await fundedAccount(100);
    const placed = await walletOrder(buyer, 'ff-100-instant', 75, `${randomInt(1e8, 1e9)}1`);
    await orderOnceStatus(buyer.token, placed.body.data.order_id, '1');
    const list = await notifications(buyer);
    expect(list.unread).toBe(2);
    expect(list.items).toEqual([
      expect.objectContaining({
        kind: 'order_delivered',
        title: 'Delivered: 100 Diamonds · instant',
        link: `/profile/order/${placed.body.data.order_id}`,
        read: false,
      }),
      expect.objectContaining({ kind: 'order_paid', title: 'Order received: 100 Diamonds · instant' }),
    ]);
    expect(list.items[1]).not.toHaveProperty('receipt');
    const read = await callApi<{ data: { unread: number } }>('/user/notifications/read', {
      token: buyer.token,
      json: { ids: [list.items[0]!.id] },
    });
    expect(read.body.data.unread).toBe(1);
    expect((await notifications(buyer)).items[0]!.read).toBe(true);
  });

  it("tells of a failed delivery's refund once, whatever replays follow, and never marks another's notification", async () => {
    const [buyer, stranger] = await Promise.all([fundedAccount(100), fundedAccount(0, 'stranger')]);
    const placed = await walletOrder(buyer, 'ff-100-instant', 75, `${randomInt(1e8, 1e9)}8`);
    await orderOnceStatus(buyer.token, placed.body.data.order_id, '2');
    const list = await notifications(buyer);
    expect(list.items.map((item) => item.kind)).toEqual(['order_refunded', 'order_paid']);
    expect(list.items[0]!.body).toMatch(/^৳75 went back to your wallet\. Delivery failed/);
    await callApi('/user/notifications/read', { token: stranger.token, json: { ids: [list.items[0]!.id] } });
    expect((await notifications(buyer)).unread).toBe(2);
  });

  it("tells of an operator's completion and of codes bought, never carrying a code", async () => {
    const [buyer, admin] = await Promise.all([fundedAccount(300), logInAdmin()]);
    const placed = await walletOrder(buyer, 'ff-25', 22, `${randomInt(1e8, 1e9)}2`);
    const clicks = await Promise.all(
      Array.from({ length: 4 }, () =>
        callApi(`/admin/orders/${placed.body.data.order_id}/complete`, { token: admin, form: { remark: '' } }),
      ),
    );
    expect(clicks.filter((click) => click.status === 200)).toHaveLength(1);
    const voucher = await freshVoucher(3);
    const bought = await callApi<{ data: { codes: string } }>('/user/buy_voucher/', {
      token: buyer.token,
      form: { voucher_id: voucher.id, qty: 2 },
    });
    expect(bought.status).toBe(200);
    const list = await notifications(buyer);
    expect(list.items.map((item) => item.kind)).toEqual(['codes_bought', 'order_delivered', 'order_paid']);
    for (const code of bought.body.data.codes.split(',')) expect(JSON.stringify(list)).not.toContain(code.trim());
  });

  it('tells of a gateway top-up once, though the return and the webhook both settle it', async () => {
    const payer = await fundedAccount(0, 'payer');
    const { paymentUrl } = await startTopUp(payer, 500);
    const invoiceId = await payForInvoice(paymentUrl);
    await Promise.all(
      Array.from({ length: 3 }, () => callApi('/user/verify_payment', { token: payer.token, form: { invoice_id: invoiceId } })),
    );
    const list = await notifications(payer);
    expect(list.items.map((item) => item.kind)).toEqual(['wallet_credited']);
    expect(list.items[0]!.title).toBe('৳500 added to your wallet');
  });

  it('mails a notification once to a proven address, through the stream, whatever replays follow; an unproven one gets none', async () => {
    const [buyer, unproven] = await Promise.all([fundedAccount(100), fundedAccount(100, 'unproven')]);
    const verified = await callApi('/auth/verify_email', { form: { token: await mailedToken(buyer.email, '/verify-email') } });
    expect(verified.status).toBe(200);
    await walletOrder(buyer, 'ff-100-instant', 75, `${randomInt(1e8, 1e9)}3`);
    await walletOrder(unproven, 'ff-100-instant', 75, `${randomInt(1e8, 1e9)}4`);
    const delivered = async (address: string) =>
      (await mailsTo(address)).filter((mail) => mail.subject === 'Delivered: 100 Diamonds · instant');
    await expect.poll(async () => (await delivered(buyer.email)).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await delivered(buyer.email);
    expect(mail!.text).toMatch(/\/profile\/order\//);
    const { items } = await notificationPage(buyer.code, { limit: 10 });
    const replays = await Promise.all(items.map((item) => fanOut(item)));
    expect(replays.every((replay) => !replay.mailed)).toBe(true);
    expect(await delivered(buyer.email)).toHaveLength(1);
    expect(await delivered(unproven.email)).toHaveLength(0);
  });
});

/** A fresh funded account whose address is proven (mail goes only to proven addresses). */
async function provenBuyer(balance: number): Promise<TestAccount> {
  const buyer = await fundedAccount(balance);
  const verified = await callApi('/auth/verify_email', { form: { token: await mailedToken(buyer.email, '/verify-email') } });
  expect(verified.status).toBe(200);
  return buyer;
}

const header = (mail: StoredMail, name: string) => mail.headers.find((entry) => entry.name.toLowerCase() === name.toLowerCase())?.value;

describe('receipts and e-mail settings', () => {
  it('mails the receipt of a wallet top-up order: order id, item, player ID, amount, wallet, Dhaka time, text and HTML, no unsubscribe', async () => {
    const buyer = await provenBuyer(100);
    const playerId = `${randomInt(1e8, 1e9)}5`;
    const placed = await walletOrder(buyer, 'ff-25', 22, playerId);
    expect(placed.status).toBe(200);
    const receipt = await mailWithSubject(buyer.email, 'Order received: 25 Diamonds');
    for (const line of [
      `Order: ${placed.body.data.order_id}`,
      `Player ID: ${playerId}`,
      'Amount: ৳22',
      'Paid with: Wallet',
      `/profile/order/${placed.body.data.order_id}`,
    ])
      expect(receipt.text).toContain(line);
    expect(receipt.text).toMatch(/Time: \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \(Dhaka time\)/);
    expect(receipt.html).toContain(placed.body.data.order_id);
    expect(receipt.html).toContain('৳22');
    expect(header(receipt, 'List-Unsubscribe')).toBeUndefined();
  });

  it('mails what a promo code took off: the list price, the discount with the code, and the amount paid', async () => {
    const buyer = await provenBuyer(100);
    const code = `MAIL${randomInt(1e6, 1e7)}`;
    const created = await callApi('/admin/promo_codes', { token: await logInAdmin(), form: { code, kind: 'fixed', value: 4 } });
    expect(created.status).toBe(200);
    const placed = await callApi<{ data: { order_id: string } }>('/user/request/', {
      token: buyer.token,
      form: { plan_id: 'ff-25', saccount_id: `${randomInt(1e8, 1e9)}7`, paid_from_wallet: 18, coupan_code: code },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const receipt = await mailWithSubject(buyer.email, 'Order received: 25 Diamonds');
    expect(receipt.text).toContain(['List price: ৳22', `Discount (${code}): −৳4`, 'Amount: ৳18'].join('\n'));
  });

  it("mails a gateway order's receipt with the provider and its transaction id", async () => {
    const buyer = await provenBuyer(0);
    const started = await callApi<{ data: { payment_url: string; id: string } }>('/user/request_webview', {
      token: buyer.token,
      form: { plan_id: 'ff-25', saccount_id: `${randomInt(1e8, 1e9)}6`, amount: 22 },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await payInvoice(started.body.data.payment_url);
    const invoice = await invoiceOfToken(started.body.data.payment_url);
    const receipt = await mailWithSubject(buyer.email, 'Order received: 25 Diamonds');
    expect(receipt.text).toContain(`Order: ${started.body.data.id}`);
    expect(receipt.text).toMatch(/Paid with: bkash/i);
    expect(receipt.text).toContain(`Transaction ID: ${invoice!.transaction_id}`);
  });

  it('mails the codes bought to a proven address once, and to an unproven one nothing', async () => {
    const [buyer, unproven] = await Promise.all([provenBuyer(300), fundedAccount(300, 'unproven')]);
    const voucher = await freshVoucher(4);
    const buy = (account: TestAccount) =>
      callApi<{ data: { codes: string } }>('/user/buy_voucher/', { token: account.token, form: { voucher_id: voucher.id, qty: 2 } });
    const [bought, boughtUnproven] = [await buy(buyer), await buy(unproven)];
    expect(bought.status).toBe(200);
    expect(boughtUnproven.status).toBe(200);
    const receipt = await mailWithSubject(buyer.email, `Codes bought: Test voucher ${voucher.id}`);
    for (const code of bought.body.data.codes.split(',')) {
      expect(receipt.text).toContain(code.trim());
      expect(receipt.html).toContain(code.trim());
    }
    expect(receipt.text).toContain('Amount: ৳200');
    const { items } = await notificationPage(buyer.code, { limit: 10 });
    await Promise.all(items.map((item) => fanOut(item)));
    expect((await mailsTo(buyer.email)).filter((mail) => mail.subject === receipt.subject)).toHaveLength(1);
    expect((await mailsTo(unproven.email)).filter((mail) => mail.subject.startsWith('Codes bought'))).toHaveLength(0);
  });

  it('unsubscribes from delivery updates in one click (RFC 8058), keeps receipts coming, and shows it in the settings', async () => {
    const buyer = await provenBuyer(200);
    await walletOrder(buyer, 'ff-100-instant', 75, `${randomInt(1e8, 1e9)}3`);
    const update = await mailWithSubject(buyer.email, 'Delivered: 100 Diamonds · instant');
    expect(header(update, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(header(update, 'List-Unsubscribe') ?? '')?.[1];
    expect(oneClick).toMatch(/\/api\/mail\/unsubscribe\?token=/);
    expect(update.text).toMatch(/\/unsubscribe\?token=/);

    // The mail app's one-click POST, to the header's URL on the shop's origin.
    const clicked = await fetch(`${inject('stack').url}${new URL(oneClick!).pathname}${new URL(oneClick!).search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status).toBe(200);
    expect(((await clicked.json()) as { data: { topic: string } }).data.topic).toBe('delivery_updates');
    const settings = await callApi<{ data: { mail: Record<string, boolean> } }>('/user/notification_settings', {
      token: buyer.token,
      form: {},
    });
    expect(settings.body.data.mail).toEqual({ delivery_updates: false, payment_updates: true });

    const second = await walletOrder(buyer, 'ff-100-instant', 75, `${randomInt(1e8, 1e9)}3`);
    await expect
      .poll(async () => (await notifications(buyer)).items.filter((item) => item.kind === 'order_delivered').length, { timeout: 15_000 })
      .toBe(2);
    await expect
      .poll(async () => (await mailsTo(buyer.email)).filter((mail) => mail.subject.startsWith('Order received')).length, {
        timeout: 15_000,
      })
      .toBe(2);
    expect((await mailsTo(buyer.email)).filter((mail) => mail.subject.startsWith('Delivered'))).toHaveLength(1);
    expect(second.status).toBe(200);

    const saved = await callApi<{ data: { mail: Record<string, boolean> } }>('/user/notification_settings/update', {
      token: buyer.token,
      form: { delivery_updates: '1', payment_updates: '0' },
    });
    expect(saved.body.data.mail).toEqual({ delivery_updates: true, payment_updates: false });
  });

  it('refuses a forged or tampered unsubscribe link with the envelope, and changes nothing', async () => {
    const forged = await callApi<{ status: number; message: string }>('/mail/unsubscribe', {
      form: { token: 'eyJhbGciOiJIUzI1NiJ9.e30.x' },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/unsubscribe link is not valid/);
    expect((await callApi('/mail/unsubscribe', { form: {} })).status).toBe(400);
    const bad = await callApi('/user/notification_settings/update', {
      token: (await fundedAccount(0)).token,
      form: { delivery_updates: 'yes' },
    });
    expect(bad.status).toBe(400);
  });

  it('tells of a cancelled payment in the account', async () => {
    const buyer = await fundedAccount(0);
    const started = await callApi<{ data: { payment_url: string; id: string } }>('/user/request_webview', {
      token: buyer.token,
      form: { plan_id: 'ff-25', saccount_id: `${randomInt(1e8, 1e9)}9`, amount: 22 },
    });
    const cancelled = await callApi('/user/cancel_payment', { token: buyer.token, form: { kind: 'order', id: started.body.data.id } });
    expect(cancelled.status).toBe(200);
    const list = await notifications(buyer);
    expect(list.items).toEqual([
      expect.objectContaining({
        kind: 'payment_cancelled',
        title: 'Payment cancelled: 25 Diamonds',
        body: 'The ৳22 payment was not completed, and nothing was charged. You cancelled it.',
        link: `/profile/order/${started.body.data.id}`,
      }),
    ]);
  });
});

describe("a channel's send, claimed on the outbox item", () => {
  it('happens once under parallel consumers, again after a failed send, and never after a success', async () => {
    const buyer = await fundedAccount(100);
    await walletOrder(buyer, 'ff-25', 22, `${randomInt(1e8, 1e9)}2`);
    const [notification] = (await notificationPage(buyer.code, { limit: 1 })).items;
    const key = notificationKey(notification!);
    let sends = 0;
    const failingSend = async () => {
      sends += 1;
      throw new Error('the channel is down');
    };
    await expect(sendOnce(key, 'test-channel', failingSend)).rejects.toThrow('the channel is down');
    const parallel = await Promise.all(
      Array.from({ length: 8 }, () =>
        sendOnce(key, 'test-channel', async () => {
          sends += 1;
        }),
      ),
    );
    expect(parallel.filter(Boolean)).toHaveLength(1);
    expect(sends).toBe(2);
    expect(await sendOnce(key, 'test-channel', failingSend)).toBe(false);
    expect(sends).toBe(2);
  });
});
