import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NotificationList } from '../../functions/contract/wire';
import { fanOut } from '../../functions/notifications/fan-out';
import { notificationPage } from '../../functions/notifications/repo';
import { type TestAccount, mailedToken, mailsTo } from '../support/accounts';
import { logInAdmin } from '../support/admin';
import { callApi } from '../support/http';
import { freshVoucher, fundedAccount, payForInvoice, startTopUp } from '../support/money';

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
    expect(placed.body.data.status).toBe('1');
    const list = await notifications(buyer);
    expect(list.unread).toBe(1);
    expect(list.items).toEqual([
      expect.objectContaining({
        kind: 'order_delivered',
        title: 'Delivered: 100 Diamonds · instant',
        link: `/profile/order/${placed.body.data.order_id}`,
        read: false,
      }),
    ]);
    const read = await callApi<{ data: { unread: number } }>('/user/notifications/read', {
      token: buyer.token,
      json: { ids: [list.items[0]!.id] },
    });
    expect(read.body.data.unread).toBe(0);
    expect((await notifications(buyer)).items[0]!.read).toBe(true);
  });

  it("tells of a failed delivery's refund once, whatever replays follow, and never marks another's notification", async () => {
    const [buyer, stranger] = await Promise.all([fundedAccount(100), fundedAccount(0, 'stranger')]);
    const placed = await walletOrder(buyer, 'ff-100-instant', 75, `${randomInt(1e8, 1e9)}8`);
    expect(placed.body.data.status).toBe('2');
    const list = await notifications(buyer);
    expect(list.items.map((item) => item.kind)).toEqual(['order_refunded']);
    expect(list.items[0]!.body).toMatch(/^৳75 went back to your wallet\. Delivery failed/);
    await callApi('/user/notifications/read', { token: stranger.token, json: { ids: [list.items[0]!.id] } });
    expect((await notifications(buyer)).unread).toBe(1);
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
    expect(list.items.map((item) => item.kind)).toEqual(['codes_bought', 'order_delivered']);
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
