import { randomInt } from 'node:crypto';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminAlertSettings } from '../../../functions/contract/admin-wire';
import { handler as outboxConsumer } from '../../../functions/notifications/jobs/fan-out-notifications';
import { handler as relayAlarms } from '../../../functions/notifications/jobs/relay-alarms';
import { reconcilePayments } from '../../../functions/payments/reconciler';
import type { TestAccount } from '../../support/accounts';
import { logInAdmin, placeUidOrder, uniquePlayerId } from '../../support/admin';
import { stockPlanWith } from '../../support/catalog';
import { callApi } from '../../support/http';
import { lambdaContext } from '../../support/lambda-event';
import {
  balanceOf,
  checkoutNaming,
  freshVoucher,
  fundedAccount,
  fundedAccounts,
  leavePending,
  payForInvoice,
  sendWebhook,
  startTopUp,
  storedItem,
} from '../../support/money';

/** The operators' chat of this file: a group id no other test uses. */
const chatId = `-100${randomInt(1e9, 1e10)}`;
const allOn = {
  order_waiting: '1',
  delivery_unknown: '1',
  delivery_failed: '1',
  payment_stuck: '1',
  low_stock: '1',
  supplier_balance: '1',
  supplier_setup: '1',
  payment_review: '1',
  refund_review: '1',
  order_held: '1',
  claim_opened: '1',
  cloud_alarm: '1',
};

const telegram = () => inject('stack').telegramUrl;
const shop = () => inject('stack').url;

/** What the Telegram stand-in accepted for this file's chat that mentions `about`, oldest first. */
async function messagesAbout(about: string): Promise<string[]> {
  const all = (await (await fetch(`${telegram()}/messages`)).json()) as { chat_id: number | string; text: string }[];
  return all.filter((message) => String(message.chat_id) === chatId && message.text.includes(about)).map((message) => message.text);
}

/** Waits until exactly one message mentions `about`, and a moment longer to see that no second one follows. */
async function theOneMessageAbout(about: string): Promise<string> {
  await expect.poll(async () => (await messagesAbout(about)).length, { timeout: 20_000, interval: 300 }).toBeGreaterThan(0);
  await new Promise((done) => setTimeout(done, 2_000));
  const messages = await messagesAbout(about);
  expect(messages).toHaveLength(1);
  return messages[0]!;
}

/** Makes the stand-in's next sendMessage fail once, as flood control (429 with retry_after) or a server error does. */
const failNextSend = (failure: { status: 429; retry_after: number } | { status: 500 }) =>
  fetch(`${telegram()}/test/fail`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(failure) });

/** The stream record DynamoDB Streams hands the consumer for a new item. */
const insertRecord = (item: Record<string, unknown>, sequence: string): DynamoDBStreamEvent['Records'][number] => ({
  eventName: 'INSERT',
  dynamodb: { NewImage: marshall(item) as never, SequenceNumber: sequence },
});

let admin: string;
const saveSettings = (kinds: Record<string, string> = allOn, minutes = 15) =>
  callApi<{ data: AdminAlertSettings }>('/admin/alert_settings', {
    token: admin,
    form: { chat_id: chatId, payment_pending_minutes: minutes, ...kinds },
  });

beforeAll(async () => {
  admin = await logInAdmin();
  expect((await saveSettings()).status).toBe(200);
});

const buyCode = (buyer: TestAccount, voucherId: string) =>
  callApi('/user/buy_voucher/', { token: buyer.token, form: { voucher_id: voucherId, qty: 1 } });

describe('operator alerts on Telegram', () => {
  it('saves the settings an operator chose (audited) and refuses a chat id that is none', async () => {
    const saved = await saveSettings({ ...allOn, payment_stuck: '0' }, 30);
    expect(saved.body.data).toEqual({
      chat_id: chatId,
      payment_pending_minutes: 30,
      claim_answer_minutes: 120,
      kinds: { ...mapOn(allOn), payment_stuck: false },
    });
    expect((await callApi<{ data: AdminAlertSettings }>('/admin/alert_settings', { token: admin })).body.data.payment_pending_minutes).toBe(
      30,
    );
    const refused = await callApi('/admin/alert_settings', {
      token: admin,
      form: { ...allOn, chat_id: 'my chat', payment_pending_minutes: 15 },
    });
    expect(refused.status).toBe(400);
    const audit = await callApi<{ data: { items: { action: string; detail: string }[] } }>('/admin/audit', { token: admin });
    expect(audit.body.data.items.find((entry) => entry.action === 'alerts.update')?.detail).toContain('off: payment_stuck');
    expect(JSON.stringify(audit.body.data.items)).not.toContain(chatId);
    expect((await saveSettings()).status).toBe(200);
  });

  it('tells of a paid manual order once, with its console link, whatever replays of its stream record follow', async () => {
    const buyer = await fundedAccount(100);
    const orderId = await placeUidOrder(buyer, uniquePlayerId());
    const text = await theOneMessageAbout(orderId);
    expect(text).toContain('Waiting for manual delivery');
    expect(text).toContain('৳22');
    expect(text).toContain(`${shop()}/admin/orders/${orderId}`);

    const alert = await storedItem(`ALERT#order-waiting#${orderId}`, 'ALERT');
    expect(alert?.telegramSentAt).toEqual(expect.any(String));
    expect(alert?.expiresAt).toBeGreaterThan(Date.now() / 1000 + 29 * 86_400);
    const replay = () => outboxConsumer({ Records: [insertRecord(alert!, '1')] }, lambdaContext);
    expect(await replay()).toEqual({ batchItemFailures: [] });
    const parallel = await Promise.all([replay(), replay(), replay()]);
    expect(parallel).toEqual(Array.from({ length: 3 }, () => ({ batchItemFailures: [] })));
    expect(await messagesAbout(orderId)).toHaveLength(1);
  });

  it("sends once what Telegram refused for now (flood control's 429, then a 500), through the stream's retry", async () => {
    await failNextSend({ status: 429, retry_after: 1 });
    await failNextSend({ status: 500 });
    const buyer = await fundedAccount(100);
    const orderId = await placeUidOrder(buyer, uniquePlayerId());
    await theOneMessageAbout(orderId);
    expect((await storedItem(`ALERT#order-waiting#${orderId}`, 'ALERT'))?.telegramSentAt).toEqual(expect.any(String));
  });

  it('tells of a failed delivery once, with the reason and the order link', async () => {
    const buyer = await fundedAccount(100);
    const placed = await callApi<{ data: { order_id: string; status: string } }>('/user/request/', {
      token: buyer.token,
      form: { plan_id: 'ff-100-instant', saccount_id: `${randomInt(1e8, 1e9)}8`, paid_from_wallet: 75 },
    });
    const text = await theOneMessageAbout(placed.body.data.order_id);
    expect(text).toContain('Delivery failed and was refunded');
    expect(text).toContain(`${shop()}/admin/orders/${placed.body.data.order_id}`);
  });

  it("tells once that a delivery's outcome became unknown (the supplier's answer lost), though the inquiry then finds it delivered", async () => {
    const buyer = await fundedAccount(100);
    const placed = await callApi<{ data: { order_id: string } }>('/user/request/', {
      token: buyer.token,
      form: { plan_id: 'ff-100-instant', saccount_id: `${randomInt(1e8, 1e9)}7`, paid_from_wallet: 75 },
    });
    const orderId = placed.body.data.order_id;
    const text = await theOneMessageAbout(orderId);
    expect(text).toMatch(/^Delivery outcome unknown/);
    expect(text).toContain(`${shop()}/admin/orders/${orderId}`);
    await expect
      .poll(async () => (await storedItem(`USER#${buyer.code}`, `ORDER#${orderId}`))?.status, { timeout: 20_000 })
      .toBe('completed');
    expect(await messagesAbout(orderId)).toHaveLength(1);
  });

  it("tells of a voucher's low stock once per crossing, not per sale, when sales race across the mark", async () => {
    const voucher = await freshVoucher(8);
    const buyers = await fundedAccounts(5, 500);
    const racing = await Promise.all(buyers.slice(0, 3).map((buyer) => buyCode(buyer, voucher.id)));
    expect(racing.map((sale) => sale.status)).toEqual([200, 200, 200]);
    for (const buyer of buyers.slice(3)) expect((await buyCode(buyer, voucher.id)).status).toBe(200);
    const text = await theOneMessageAbout(`Test voucher ${voucher.id}`);
    expect(text).toMatch(/^Low stock: Test voucher \S+ has [0-5] codes? left \(mark 5\)\./);
    expect(text).toContain(`${shop()}/admin/codes?voucher=${voucher.id}`);
  });

  it('tells nothing of a sale that leaves the stock above the mark, and once of the sale that reaches it', async () => {
    const voucher = await freshVoucher(7);
    const [buyer] = await fundedAccounts(1, 500);
    expect((await buyCode(buyer!, voucher.id)).status).toBe(200);
    await new Promise((done) => setTimeout(done, 1_500));
    expect(await messagesAbout(`Test voucher ${voucher.id}`)).toEqual([]);
    expect((await buyCode(buyer!, voucher.id)).status).toBe(200);
    expect(await theOneMessageAbout(`Test voucher ${voucher.id}`)).toContain('has 5 codes left');
  });

  it('tells of a payment pending at the gateway past the chosen minutes once, however often the reconciler finds it', async () => {
    const payer = await fundedAccount(0, 'payer');
    const { paymentUrl, requestId } = await startTopUp(payer, 300);
    // The payer never came back: the shop does not know the invoice id, only the operator can settle it.
    await leavePending(paymentUrl);
    const run = (minutesLater: number) =>
      reconcilePayments({
        minAgeSeconds: 0,
        expireAfterSeconds: 2 * 86_400,
        batchSize: 5,
        timeForAnotherBatch: () => true,
        stuckAfterMinutes: 15,
        now: Date.now() + minutesLater * 60_000,
      });
    await run(10);
    await new Promise((done) => setTimeout(done, 1_500));
    expect(await messagesAbout(requestId)).toEqual([]);
    await Promise.all([run(16), run(16)]);
    await run(40);
    const text = await theOneMessageAbout(requestId);
    expect(text).toMatch(new RegExp(`^Payment pending at the gateway for 16 minutes: wallet top-up ${requestId}, no invoice id yet\\.`));
    expect(text).toContain(`${shop()}/admin/payments`);
  });

  it("tells of the supplier's low balance once a day, and of the order it sent to the queue with the reason", async () => {
    const supplier = inject('stack').supplierUrl;
    const setDeposit = (deposit: number) =>
      fetch(`${supplier}/test/balance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ deposit }),
      });
    await setDeposit(0);
    try {
      const buyers = await fundedAccounts(2, 100);
      const orders = await Promise.all(
        buyers.map((buyer) =>
          callApi<{ data: { order_id: string } }>('/user/request/', {
            token: buyer.token,
            form: { plan_id: 'ff-100-instant', saccount_id: `${randomInt(1e8, 1e9)}1`, paid_from_wallet: 75 },
          }),
        ),
      );
      for (const placed of orders) {
        const text = await theOneMessageAbout(`Waiting for manual delivery. Order ${placed.body.data.order_id}:`);
        expect(text).toMatch(/100 Diamonds · instant, ৳75\. The supplier balance is too low\./);
      }
      // Once a day: a test file before this one may have raised today's already (to no chat).
      expect((await messagesAbout('balance is too low: automatic top-ups')).length).toBeLessThanOrEqual(1);
      const day = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);
      const alert = await storedItem(`ALERT#supplier-balance#digiflazz#${day}`, 'ALERT');
      expect(alert?.text).toMatch(/^The digiflazz balance is too low/);
    } finally {
      await setDeposit(1_000_000_000);
    }
  });

  it('tells once of a payment of the wrong amount and of a second payment for an order already paid, crediting neither', async () => {
    const payer = await fundedAccount(0, 'wrong-amount');
    const { requestId } = await startTopUp(payer, 500);
    const wrong = await payForInvoice(await checkoutNaming('wallet', payer.code, requestId, 50));
    await Promise.all([sendWebhook(wrong), sendWebhook(wrong)]);
    const wrongText = await theOneMessageAbout(wrong);
    expect(wrongText).toMatch(/^Payment needs a person: amount differs from the payable\. Invoice \S+, ৳50\.00, for wallet top-up/);
    expect(await balanceOf(payer.code)).toBe(0);

    const orderer = await fundedAccount(0, 'paid-twice');
    const started = await callApi<{ data: { payment_url: string; id: string } }>('/user/request_webview', {
      token: orderer.token,
      form: { plan_id: 'ff-25', saccount_id: uniquePlayerId(), amount: 22 },
    });
    await sendWebhook(await payForInvoice(started.body.data.payment_url));
    const second = await payForInvoice(await checkoutNaming('order', orderer.code, started.body.data.id, 22));
    await Promise.all([sendWebhook(second), sendWebhook(second)]);
    const twiceText = await theOneMessageAbout(second);
    expect(twiceText).toContain('a second payment for a paid payable');
    expect(twiceText).toContain(`${shop()}/admin/orders/${started.body.data.id}`);
    expect(await balanceOf(orderer.code)).toBe(0);
  });

  it('tells once of a refund to the payment method that needs a person (no answer from the gateway)', async () => {
    const gateway = inject('stack').gatewayUrl;
    const orderer = await fundedAccount(0, 'refund-person');
    const started = await callApi<{ data: { payment_url: string; id: string } }>('/user/request_webview', {
      token: orderer.token,
      form: { plan_id: 'ff-25', saccount_id: uniquePlayerId(), amount: 22 },
    });
    await sendWebhook(await payForInvoice(started.body.data.payment_url));
    const orderId = started.body.data.id;
    await fetch(`${gateway}/test/refund-timeout`, { method: 'POST', body: JSON.stringify({ count: 1 }) });
    const refund = () => callApi(`/admin/orders/${orderId}/refund`, { token: admin, form: { remark: 'Wrong game', to: 'gateway' } });
    expect((await refund()).status).toBe(409);
    expect((await refund()).status).toBe(409);
    const text = await theOneMessageAbout(`whether it went through. Order ${orderId}:`);
    expect(text).toMatch(/^Refund to the payment method needs a person: the gateway did not answer the refund call/);
    expect(text).toContain(`${shop()}/admin/orders/${orderId}`);
  }, 30_000);

  it('tells of low stock once when top-ups delivered from stock take the voucher to its mark', async () => {
    const { planId, voucherId } = await stockPlanWith(7);
    const buyers = await fundedAccounts(3, 100);
    const placed = await Promise.all(
      buyers.map((buyer) =>
        callApi<{ data: { status: string } }>('/user/request/', {
          token: buyer.token,
          form: { plan_id: planId, saccount_id: uniquePlayerId(), paid_from_wallet: 80 },
        }),
      ),
    );
    expect(placed.map((order) => order.body.data.status)).toEqual(['1', '1', '1']);
    const text = await theOneMessageAbout(`UP ${voucherId}`);
    expect(text).toMatch(/^Low stock: UP \S+ has [45] codes left \(mark 5\)\./);
  });

  it('skips a kind the operators turned off, and marks it skipped rather than sent', async () => {
    expect((await saveSettings({ ...allOn, order_waiting: '0' })).status).toBe(200);
    try {
      const buyer = await fundedAccount(100);
      const orderId = await placeUidOrder(buyer, uniquePlayerId());
      await expect
        .poll(async () => (await storedItem(`ALERT#order-waiting#${orderId}`, 'ALERT'))?.telegramSkipped, { timeout: 15_000 })
        .toBe('kind turned off');
      expect((await storedItem(`ALERT#order-waiting#${orderId}`, 'ALERT'))?.telegramSentAt).toBeUndefined();
      expect(await messagesAbout(orderId)).toEqual([]);
    } finally {
      await saveSettings();
    }
  });

  it("sends the console's test message through the outbox, never through the console's own function", async () => {
    const before = (await messagesAbout('Test message')).length;
    const queued = await callApi('/admin/alert_settings/test', { token: admin, method: 'POST' });
    expect(queued.status).toBe(200);
    await expect.poll(async () => (await messagesAbout('Test message')).length, { timeout: 15_000 }).toBe(before + 1);
    expect((await messagesAbout('Test message')).at(-1)).toContain(`${shop()}/admin/settings`);
  });

  it("relays a CloudWatch alarm from the alarms' topic to the chat once per state change, though SNS delivers it twice", async () => {
    await saveSettings();
    const alarmName = `Storefront-test-Api5xxRate-${randomInt(1e6, 1e7)}`;
    // The message CloudWatch publishes to SNS for an alarm's state change (AWS's documented JSON).
    const message = (state: 'ALARM' | 'OK', at: string) =>
      JSON.stringify({
        AlarmName: alarmName,
        AlarmDescription: 'More than 5% of API requests answered 5xx (at least 20 requests in 5 minutes)',
        AWSAccountId: '123456789012',
        NewStateValue: state,
        NewStateReason: 'Threshold Crossed: 2 out of the last 2 datapoints were greater than the threshold (5.0).',
        StateChangeTime: at,
        Region: 'Asia Pacific (Mumbai)',
        OldStateValue: state === 'ALARM' ? 'OK' : 'ALARM',
        Trigger: { MetricName: '5xx', Namespace: 'AWS/ApiGateway', Threshold: 5.0 },
      });
    const delivery = (state: 'ALARM' | 'OK', at: string) =>
      ({ Records: [{ EventSource: 'aws:sns', Sns: { MessageId: `${state}-${at}`, Message: message(state, at) } }] }) as never;
    const raised = delivery('ALARM', '2026-11-26T05:00:00.000+0000');
    await Promise.all([relayAlarms(raised, lambdaContext), relayAlarms(raised, lambdaContext)]);
    const text = await theOneMessageAbout(`(${alarmName}). Threshold Crossed`);
    expect(text).toMatch(/^ALARM: More than 5% of API requests answered 5xx/);
    expect(text).toContain(`${shop()}/admin`);
    await relayAlarms(delivery('OK', '2026-11-26T05:20:00.000+0000'), lambdaContext);
    expect(
      await theOneMessageAbout(`Cleared: More than 5% of API requests answered 5xx (at least 20 requests in 5 minutes) (${alarmName})`),
    ).not.toContain('Threshold');
    await relayAlarms({ Records: [{ EventSource: 'aws:sns', Sns: { MessageId: 'x', Message: 'not json' } }] } as never, lambdaContext);
  });
});

function mapOn(kinds: Record<string, string>): Record<string, boolean> {
  return Object.fromEntries(Object.entries(kinds).map(([kind, on]) => [kind, on === '1']));
}
