import { setTimeout as sleep } from 'node:timers/promises';
import type { WalletRequestRow } from '@contract/wire';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { reconcilePayments } from '../../../functions/payments/reconciler';
import { dhakaDay } from '../../../functions/shared/days';
import { logInAdmin } from '../../support/admin';
import { callApi } from '../../support/http';
import {
  balanceOf,
  expectLedgerMatchesBalance,
  fundedAccount,
  leavePending,
  merchantPanel,
  payForInvoice,
  payInvoice,
  returnedInvoice,
  sendWebhook,
  startTopUp,
  storedItem,
} from '../../support/money';

const walletHistory = async (token: string) =>
  (await callApi<{ data: WalletRequestRow[] }>('/user/get_wallet_request', { token, form: {} })).body.data;
const verifyPayment = (token: string, invoiceId: string) =>
  callApi<{ data: { kind: string; id: string; status: string } }>('/user/verify_payment', { token, form: { invoice_id: invoiceId } });
const cancelPayment = (token: string, kind: string, id: string) =>
  callApi<{ data: { status: string } }>('/user/cancel_payment', { token, form: { kind, id } });
const reconcileAt = (now: number, expireAfterSeconds = 2 * 86_400) =>
  reconcilePayments({ minAgeSeconds: 0, expireAfterSeconds, batchSize: 5, timeForAnotherBatch: () => true, now });
const reconcileNow = () => reconcileAt(Date.now());
const hours = (n: number) => n * 3_600_000;

describe('wallet top-up through the gateway', () => {
  it('opens a checkout at a payment token (not an invoice id), and the payer’s return credits the wallet once with its receipt', async () => {
    const payer = await fundedAccount(0, 'topup');
    const { paymentUrl, requestId, txnId } = await startTopUp(payer, 500);
    expect(paymentUrl).toMatch(new RegExp(`^${inject('stack').gatewayUrl}/payment/[0-9a-f]{40}$`));
    expect(await walletHistory(payer.token)).toEqual([
      expect.objectContaining({ rq_id: requestId, txn_id: txnId, status: '0', amount: 500, invoice_id: '', payment_confirming: false }),
    ]);

    const paid = await payInvoice(paymentUrl, { webhook: false });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${inject('stack').url}/profile/userWallet`);
    expect(back.searchParams.get('payment')).toBe(requestId);
    const invoiceId = returnedInvoice(paid);
    expect(invoiceId).toMatch(/^[A-Z0-9]{20}$/);
    expect(paymentUrl).not.toContain(invoiceId);
    expect(await balanceOf(payer.code)).toBe(0);

    expect((await verifyPayment(payer.token, invoiceId)).body.data).toEqual({ kind: 'wallet', id: requestId, status: '1' });
    expect(await balanceOf(payer.code)).toBe(500);
    const [row] = await walletHistory(payer.token);
    expect(row).toMatchObject({ status: '1', invoice_id: invoiceId, sender_name: 'bkash', sender_id: '••••••••344', paid_late: false });
    expect(row!.transaction_id).toMatch(/^[A-Z0-9]{10}$/);
    await expectLedgerMatchesBalance(payer.code);
  });

  it("sends the payer and the webhook back to the stage's own site, whatever host the request claims", async () => {
    const payer = await fundedAccount(0, 'forged-host');
    const response = await callApi<{ data: { payment_url: string } }>('/user/wallet_request_webview', {
      token: payer.token,
      form: { amount: 300, txn_id: `${Date.now()}${Math.floor(Math.random() * 10000)}` },
      headers: { 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' },
    });
    expect(response.status).toBe(200);
    const paid = await payInvoice(response.body.data.payment_url);
    expect(paid.headers.get('location')).toMatch(new RegExp(`^${inject('stack').url}/profile/userWallet\\?payment=`));
    // The webhook reached the shop (not attacker.example): the wallet is credited without the payer's return.
    expect(await balanceOf(payer.code)).toBe(300);
  });

  it('returns the first payment link for a repeated txn_id, and refuses it once paid', async () => {
    const payer = await fundedAccount(0, 'repeat');
    const first = await startTopUp(payer, 200);
    const again = await startTopUp(payer, 200, first.txnId);
    expect(again.paymentUrl).toBe(first.paymentUrl);
    await payInvoice(first.paymentUrl);
    const afterPaid = await callApi('/user/wallet_request_webview', { token: payer.token, form: { amount: 200, txn_id: first.txnId } });
    expect(afterPaid.status).toBe(409);
    expect(await walletHistory(payer.token)).toHaveLength(1);
    expect(await balanceOf(payer.code)).toBe(200);
  });

  it('answers a gateway refusal with its message as a 409, recording no top-up the shopper did not cause', async () => {
    // The API's own limit (৳25,000) keeps such amounts from the gateway; the service below it is asked directly.
    const { startTopUp: start } = await import('../../../functions/wallet/top-ups');
    const { requireActiveUser } = await import('../../../functions/users/active-user');
    const payer = await fundedAccount(0, 'refused');
    const user = await requireActiveUser({ userId: payer.code, tokenVersion: 1 });
    await expect(
      start(user, { amount: 5_000_000, txnId: `${Date.now()}42` }, { clientIp: '203.0.113.42', deviceId: '' }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'Amount exceeds the gateway limit of 100000 BDT',
    });
    expect(await walletHistory(payer.token)).toEqual([]);
  });

  it.each([['-5'], ['12.5'], ['0'], ['abc'], ['']])('refuses the amount %j with 400', async (amount) => {
    const payer = await fundedAccount(0, 'badamount');
    const response = await callApi('/user/wallet_request_webview', { token: payer.token, form: { amount, txn_id: `${Date.now()}1` } });
    expect(response.status).toBe(400);
    expect(await walletHistory(payer.token)).toEqual([]);
  });
});

describe('settling is idempotent', () => {
  it('credits once for the same callback five times in parallel and five times in sequence', async () => {
    const payer = await fundedAccount(0, 'replay');
    const { paymentUrl } = await startTopUp(payer, 300);
    const invoiceId = await payForInvoice(paymentUrl, { webhook: false });
    const parallel = await Promise.all(Array.from({ length: 5 }, () => sendWebhook(invoiceId)));
    expect(parallel.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    for (let i = 0; i < 5; i += 1) expect((await sendWebhook(invoiceId)).status).toBe(200);
    expect(await balanceOf(payer.code)).toBe(300);
    await expectLedgerMatchesBalance(payer.code);
  });

  it('credits once when the webhook and the return path race', async () => {
    const payer = await fundedAccount(0, 'race');
    const { paymentUrl } = await startTopUp(payer, 250);
    const invoiceId = await payForInvoice(paymentUrl, { webhook: false });
    const [webhook, returned] = await Promise.all([sendWebhook(invoiceId), verifyPayment(payer.token, invoiceId)]);
    expect(webhook.status).toBe(200);
    expect(returned.body.data).toMatchObject({ kind: 'wallet', status: '1' });
    expect(await balanceOf(payer.code)).toBe(250);
    await expectLedgerMatchesBalance(payer.code);
  });

  it("credits once across the contract's webhook path and UddoktaPay's own, and knows no other gateway", async () => {
    const payer = await fundedAccount(0, 'gateway-path');
    const { paymentUrl } = await startTopUp(payer, 120);
    const invoiceId = await payForInvoice(paymentUrl, { webhook: false });
    const ownPath = (gateway: string, apiKey: string) =>
      callApi(`/payment/${gateway}/webhook`, {
        json: { invoice_id: invoiceId, status: 'COMPLETED' },
        headers: { 'rt-uddoktapay-api-key': apiKey },
      });
    expect((await ownPath('uddoktapay', 'guessed')).status).toBe(401);
    expect((await ownPath('nosuchgateway', inject('stack').gatewayApiKey)).status).toBe(404);
    const [own, contract] = await Promise.all([ownPath('uddoktapay', inject('stack').gatewayApiKey), sendWebhook(invoiceId)]);
    expect([own.status, contract.status]).toEqual([200, 200]);
    expect(await balanceOf(payer.code)).toBe(120);
    expect(await storedItem(`INVOICE#uddoktapay#${invoiceId}`, 'PAYMENT')).toMatchObject({ receipt: { gateway: 'uddoktapay', invoiceId } });
    await expectLedgerMatchesBalance(payer.code);
  });

  it('settles a lost callback once through the return path', async () => {
    const payer = await fundedAccount(0, 'lost');
    const { paymentUrl } = await startTopUp(payer, 150);
    const invoiceId = await payForInvoice(paymentUrl, { webhook: false });
    expect(await balanceOf(payer.code)).toBe(0);
    for (let i = 0; i < 2; i += 1) expect((await verifyPayment(payer.token, invoiceId)).body.data.status).toBe('1');
    expect(await balanceOf(payer.code)).toBe(150);
    await reconcileNow();
    expect(await balanceOf(payer.code)).toBe(150);
  });

  it('credits from the webhook the merchant sends from the gateway’s panel when the payer never returns', async () => {
    const payer = await fundedAccount(0, 'never');
    const { paymentUrl } = await startTopUp(payer, 120);
    const invoiceId = await payForInvoice(paymentUrl, { webhook: false });
    // The payer closed the tab: no return, no webhook. The reconciler cannot ask about an invoice no one named.
    await reconcileNow();
    expect(await balanceOf(payer.code)).toBe(0);
    expect(await merchantPanel(invoiceId, 'webhook')).toMatchObject({ webhook: 200 });
    expect(await balanceOf(payer.code)).toBe(120);
    await merchantPanel(invoiceId, 'webhook');
    await reconcileNow();
    expect(await balanceOf(payer.code)).toBe(120);
    expect((await walletHistory(payer.token))[0]?.status).toBe('1');
    await expectLedgerMatchesBalance(payer.code);
  });

  it('does not tell one user about another user’s invoice', async () => {
    const payer = await fundedAccount(0, 'owner');
    const stranger = await fundedAccount(0, 'stranger');
    const { paymentUrl } = await startTopUp(payer, 90);
    const invoiceId = await payForInvoice(paymentUrl, { webhook: false });
    const response = await verifyPayment(stranger.token, invoiceId);
    expect(response.status).toBe(404);
    expect(await balanceOf(payer.code)).toBe(0);
  });
});

describe('a payment the provider confirms later (PENDING)', () => {
  it('waits, shown as being confirmed, and credits once when the merchant approves it and the webhook comes', async () => {
    const payer = await fundedAccount(0, 'pending-approved');
    const { paymentUrl, requestId } = await startTopUp(payer, 400);
    const invoiceId = await leavePending(paymentUrl);
    // The payer is left on the gateway's pending page; the merchant sends the webhook of the pending payment.
    await merchantPanel(invoiceId, 'webhook');
    expect(await balanceOf(payer.code)).toBe(0);
    expect((await walletHistory(payer.token))[0]).toMatchObject({
      rq_id: requestId,
      status: '0',
      invoice_id: invoiceId,
      payment_confirming: true,
    });
    // Hours later the reconciler still finds it pending, and keeps it.
    await reconcileAt(Date.now() + hours(5));
    expect((await walletHistory(payer.token))[0]).toMatchObject({ status: '0', payment_confirming: true });

    await merchantPanel(invoiceId, 'approve');
    await merchantPanel(invoiceId, 'webhook');
    await merchantPanel(invoiceId, 'webhook');
    expect(await balanceOf(payer.code)).toBe(400);
    expect((await walletHistory(payer.token))[0]).toMatchObject({ status: '1', sender_name: 'nagad' });
    await expectLedgerMatchesBalance(payer.code);
  });

  it('is found approved by the reconciler when no webhook comes, once its invoice is known', async () => {
    const payer = await fundedAccount(0, 'pending-reconciled');
    const { paymentUrl } = await startTopUp(payer, 350);
    const invoiceId = await leavePending(paymentUrl);
    await merchantPanel(invoiceId, 'webhook');
    await merchantPanel(invoiceId, 'approve');
    expect(await balanceOf(payer.code)).toBe(0);
    await reconcileAt(Date.now() + hours(6));
    expect(await balanceOf(payer.code)).toBe(350);
    await reconcileAt(Date.now() + hours(12));
    expect(await balanceOf(payer.code)).toBe(350);
  });

  it('cancels it when the merchant rejects it, and credits nothing', async () => {
    const payer = await fundedAccount(0, 'pending-rejected');
    const { paymentUrl } = await startTopUp(payer, 330);
    const invoiceId = await leavePending(paymentUrl);
    await merchantPanel(invoiceId, 'reject');
    await merchantPanel(invoiceId, 'webhook');
    expect(await balanceOf(payer.code)).toBe(0);
    expect((await walletHistory(payer.token))[0]).toMatchObject({ status: '2', cancel_reason: 'Payment failed' });
  });
});

describe('callbacks and cancels that must credit nothing', () => {
  it('refuses a callback without the key or with a wrong key, before anything', async () => {
    const payer = await fundedAccount(0, 'forged');
    const { paymentUrl } = await startTopUp(payer, 400);
    const invoiceId = await payForInvoice(paymentUrl, { webhook: false });
    expect((await sendWebhook(invoiceId, null)).status).toBe(401);
    expect((await sendWebhook(invoiceId, 'not-the-key')).status).toBe(401);
    expect(await balanceOf(payer.code)).toBe(0);
  });

  it('ignores the body’s word for a PENDING invoice', async () => {
    const payer = await fundedAccount(0, 'pending');
    const { paymentUrl } = await startTopUp(payer, 400);
    const invoiceId = await leavePending(paymentUrl);
    const response = await sendWebhook(invoiceId, inject('stack').gatewayApiKey, { status: 'COMPLETED', amount: '400.00' });
    expect(response.status).toBe(200);
    expect(await balanceOf(payer.code)).toBe(0);
    expect((await walletHistory(payer.token))[0]?.status).toBe('0');
  });

  it('follows a cancel at the gateway to our own cancel link, with nothing added, and cancels by our reference', async () => {
    const payer = await fundedAccount(0, 'cancel');
    const { paymentUrl, requestId } = await startTopUp(payer, 260);
    const cancelled = await fetch(`${paymentUrl}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancelled.headers.get('location')).toBe(`${inject('stack').url}/profile/userWallet?payment=${requestId}&cancelled=1`);
    expect((await cancelPayment(payer.token, 'wallet', requestId)).body.data.status).toBe('2');
    expect((await cancelPayment(payer.token, 'wallet', requestId)).body.data.status).toBe('2');
    expect(await balanceOf(payer.code)).toBe(0);
    expect((await walletHistory(payer.token))[0]).toMatchObject({ status: '2', cancel_reason: 'Cancelled by you' });
    const stranger = await fundedAccount(0, 'cancel-stranger');
    expect((await cancelPayment(stranger.token, 'wallet', requestId)).status).toBe(404);
  });

  it('cancels the request of an ERROR invoice and credits nothing', async () => {
    const payer = await fundedAccount(0, 'error');
    const { paymentUrl } = await startTopUp(payer, 400);
    const failed = (await (await fetch(`${paymentUrl}/fail`, { method: 'POST' })).json()) as { invoice_id: string };
    expect((await sendWebhook(failed.invoice_id)).status).toBe(200);
    expect(await balanceOf(payer.code)).toBe(0);
    expect((await walletHistory(payer.token))[0]).toMatchObject({ status: '2', cancel_reason: 'Payment failed' });
  });

  it('credits nothing for a paid invoice whose amount differs from the request', async () => {
    const payer = await fundedAccount(0, 'mismatch');
    const { requestId } = await startTopUp(payer, 1000);
    // Someone holding the merchant key opens a 10-taka checkout naming the 1000-taka request.
    const checkout = await fetch(`${inject('stack').gatewayUrl}/api/checkout-v2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'RT-UDDOKTAPAY-API-KEY': inject('stack').gatewayApiKey },
      body: JSON.stringify({
        full_name: 'x',
        email: 'x@x.x',
        amount: '10',
        metadata: { kind: 'wallet', user_id: payer.code, ref_id: requestId },
        redirect_url: 'http://localhost/',
        return_type: 'GET',
        cancel_url: 'http://localhost/',
        webhook_url: `${inject('stack').url}/api/payment/webhook`,
      }),
    });
    const { payment_url } = (await checkout.json()) as { payment_url: string };
    await sendWebhook(await payForInvoice(payment_url));
    expect(await balanceOf(payer.code)).toBe(0);
    expect((await walletHistory(payer.token))[0]?.status).toBe('0');
  });

  it('answers an unknown invoice with 200 and changes nothing', async () => {
    const response = await sendWebhook('NOSUCHINVOICE0000000');
    expect(response.status).toBe(200);
  });
});

describe('the reconciler', () => {
  it('stops before its time runs out and leaves the rest for the next run', async () => {
    const payer = await fundedAccount(0, 'out-of-time');
    const { paymentUrl } = await startTopUp(payer, 150);
    const invoiceId = await leavePending(paymentUrl);
    await merchantPanel(invoiceId, 'webhook');
    await merchantPanel(invoiceId, 'approve');
    const outcome = await reconcilePayments({
      minAgeSeconds: 0,
      expireAfterSeconds: 2 * 86_400,
      batchSize: 5,
      timeForAnotherBatch: () => false,
    });
    expect(outcome).toMatchObject({ checked: 0, paid: 0 });
    expect(outcome.left).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(payer.code)).toBe(0);
    await reconcileNow();
    expect(await balanceOf(payer.code)).toBe(150);
  });

  it('keeps a payment without an invoice id awaiting for two days, then gives it up as expired', async () => {
    const payer = await fundedAccount(0, 'dead');
    await startTopUp(payer, 60);
    await reconcileAt(Date.now() + hours(47));
    expect((await walletHistory(payer.token))[0]).toMatchObject({ status: '0' });
    await reconcileAt(Date.now() + hours(49));
    expect((await walletHistory(payer.token))[0]).toMatchObject({ status: '2', cancel_reason: 'expired' });
    expect(await balanceOf(payer.code)).toBe(0);
  });

  it('credits exactly once, and says so, a top-up paid after it expired', async () => {
    const payer = await fundedAccount(0, 'late');
    const { paymentUrl } = await startTopUp(payer, 70);
    await reconcileAt(Date.now() + hours(49));
    expect((await walletHistory(payer.token))[0]).toMatchObject({ status: '2', cancel_reason: 'expired' });
    const invoiceId = await payForInvoice(paymentUrl);
    await Promise.all([sendWebhook(invoiceId), sendWebhook(invoiceId), verifyPayment(payer.token, invoiceId)]);
    expect(await balanceOf(payer.code)).toBe(70);
    expect((await walletHistory(payer.token))[0]).toMatchObject({ status: '1', paid_late: true, cancel_reason: '' });
    await expectLedgerMatchesBalance(payer.code);
  });

  it('credits exactly once a top-up its payer cancelled and then paid all the same', async () => {
    const payer = await fundedAccount(0, 'late-cancel');
    const { paymentUrl, requestId } = await startTopUp(payer, 90);
    expect((await cancelPayment(payer.token, 'wallet', requestId)).body.data.status).toBe('2');
    const invoiceId = await payForInvoice(paymentUrl);
    await sendWebhook(invoiceId);
    expect(await balanceOf(payer.code)).toBe(90);
    expect((await walletHistory(payer.token))[0]).toMatchObject({ status: '1', paid_late: true });
  });
});

describe('a webhook during a verify outage', () => {
  const outage = (down: boolean) => fetch(`${inject('stack').gatewayUrl}/test/outage`, { method: 'POST', body: JSON.stringify({ down }) });

  it('keeps the invoice id it names, credits nothing by itself, and the reconciler credits it exactly once later', async () => {
    const payer = await fundedAccount(0, 'webhook-outage');
    const { paymentUrl, requestId } = await startTopUp(payer, 230);
    // Paid, the payer never comes back and the webhook is lost: only the webhook sent during the outage names the invoice.
    const invoiceId = await payForInvoice(paymentUrl, { webhook: false });
    await outage(true);
    try {
      const during = await sendWebhook(invoiceId);
      expect(during.status).toBe(200);
      expect(await sendWebhook(invoiceId)).toMatchObject({ status: 200 });
      expect(await balanceOf(payer.code)).toBe(0);
      // Kept under its gateway's invoice key: invoice ids are each gateway's own.
      expect(await storedItem(`INVOICE#uddoktapay#${invoiceId}`, 'HINT')).toMatchObject({ gateway: 'uddoktapay', invoiceId });
      // Asked while the gateway is still down: nothing moves, the id is kept for later.
      await reconcileAt(Date.now() + hours(1));
      expect(await balanceOf(payer.code)).toBe(0);
    } finally {
      await outage(false);
    }
    const runs = await Promise.all(Array.from({ length: 4 }, () => reconcileAt(Date.now() + hours(2))));
    expect(runs.reduce((sum, run) => sum + run.hintsAnswered, 0)).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(payer.code)).toBe(230);
    expect((await walletHistory(payer.token)).find((row) => row.rq_id === requestId)).toMatchObject({ status: '1', invoice_id: invoiceId });
    await reconcileAt(Date.now() + hours(3));
    expect(await balanceOf(payer.code)).toBe(230);
    await expectLedgerMatchesBalance(payer.code);
    expect(await storedItem(`INVOICE#uddoktapay#${invoiceId}`, 'HINT')).toBeUndefined();
  }, 30_000);
});

describe('the local stack', () => {
  it('runs the reconciler on a schedule, so a pending payment approved later with no webhook settles by itself', async () => {
    const payer = await fundedAccount(0, 'scheduled');
    const { paymentUrl } = await startTopUp(payer, 250);
    const invoiceId = await leavePending(paymentUrl);
    await merchantPanel(invoiceId, 'webhook');
    await merchantPanel(invoiceId, 'approve');
    expect(await balanceOf(payer.code)).toBe(0);
    const deadline = Date.now() + 50_000;
    while ((await balanceOf(payer.code)) === 0 && Date.now() < deadline) await sleep(1000);
    expect(await balanceOf(payer.code)).toBe(250);
  }, 60_000);
});

type OrderRow = {
  order_id: string;
  status: string;
  plan_name: string;
  paid_amount: number;
  awaiting_payment: boolean;
  remark: string;
  transaction_id: string;
};

const startGatewayOrder = (token: string) =>
  callApi<{ data: { status: number; payment_url: string; id: string } }>('/user/request_webview', {
    token,
    form: { plan_id: 'ff-50', amount: 40, saccount_id: '55667788', paid_from_wallet: 40 },
  });
const orderList = async (token: string) => (await callApi<{ data: OrderRow[] }>('/user/get_request_list', { token, form: {} })).body.data;

describe('plan orders through the gateway', () => {
  it('becomes an order for fulfilment once the invoice is paid, and only once', async () => {
    const buyer = await fundedAccount(0, 'gworder');
    const started = await startGatewayOrder(buyer.token);
    expect(started.status).toBe(200);
    expect(started.body.data.status).toBe(1);
    // Listed as awaiting its payment, not yet an order for fulfilment.
    expect(await orderList(buyer.token)).toEqual([
      expect.objectContaining({ order_id: started.body.data.id, awaiting_payment: true, plan_name: '50 Diamonds' }),
    ]);
    const paid = await payInvoice(started.body.data.payment_url);
    expect(new URL(paid.headers.get('location')!).searchParams.get('payment')).toBe(started.body.data.id);
    await sendWebhook(returnedInvoice(paid));
    await verifyPayment(buyer.token, returnedInvoice(paid));
    await reconcileNow();
    const [order] = await orderList(buyer.token);
    expect(order).toMatchObject({
      order_id: started.body.data.id,
      status: '0',
      plan_name: '50 Diamonds',
      paid_amount: 40,
      awaiting_payment: false,
    });
    expect(order!.transaction_id).toMatch(/^[A-Z0-9]{10}$/);
    expect(await orderList(buyer.token)).toHaveLength(1);
    expect(await balanceOf(buyer.code)).toBe(0);
  });

  it('credits the wallet instead, once and with a timeline entry, for an order paid after it expired', async () => {
    const buyer = await fundedAccount(0, 'gwlate');
    const started = await startGatewayOrder(buyer.token);
    await reconcileAt(Date.now() + hours(49));
    const invoiceId = await payForInvoice(started.body.data.payment_url);
    await Promise.all([sendWebhook(invoiceId), sendWebhook(invoiceId), verifyPayment(buyer.token, invoiceId)]);
    expect(await balanceOf(buyer.code)).toBe(40);
    await expectLedgerMatchesBalance(buyer.code);
    const [row] = await orderList(buyer.token);
    expect(row).toMatchObject({
      order_id: started.body.data.id,
      status: '2',
      remark: 'Paid after the order was cancelled: ৳40 was added to your wallet instead',
    });
    const detail = await callApi<{ data: { timeline: { status: string }[] } }>(`/user/order/${started.body.data.id}`, {
      token: buyer.token,
      form: {},
    });
    expect(detail.body.data.timeline.map((step) => step.status)).toEqual(['placed', 'payment_cancelled', 'paid', 'refunded']);
  });

  it('refuses a gateway order whose amount is not the plan price', async () => {
    const buyer = await fundedAccount(0, 'gwprice');
    const response = await callApi('/user/request_webview', {
      token: buyer.token,
      form: { plan_id: 'ff-50', amount: 1, saccount_id: '1' },
    });
    expect(response.status).toBe(409);
  });
});

describe('refunds back to the payment method', () => {
  let adminToken = '';
  beforeAll(async () => {
    adminToken = await logInAdmin();
  });
  const refund = (orderId: string, to: 'wallet' | 'gateway', remark = 'Player ID was wrong') =>
    callApi<{ data: { status: string; gateway_refund: { state: string; reason: string } | null }; message: string }>(
      `/admin/orders/${orderId}/refund`,
      { token: adminToken, form: { remark, to } },
    );
  const gatewayRefunds = async () =>
    (await (await fetch(`${inject('stack').gatewayUrl}/test/refunds`)).json()) as {
      transaction_id: string;
      amount: string;
      reason: string;
    }[];
  const testHook = (path: string, body: unknown) =>
    fetch(`${inject('stack').gatewayUrl}/test/${path}`, { method: 'POST', body: JSON.stringify(body) });

  /** A gateway order of `buyer`, paid and placed; answers its id and the payment's transaction id. */
  async function paidGatewayOrder(label: string) {
    const buyer = await fundedAccount(0, label);
    const started = await startGatewayOrder(buyer.token);
    await sendWebhook(await payForInvoice(started.body.data.payment_url));
    const [order] = await orderList(buyer.token);
    expect(order).toMatchObject({ order_id: started.body.data.id, status: '0' });
    return { buyer, orderId: started.body.data.id, transactionId: order!.transaction_id };
  }

  it('sends one refund for ten parallel clicks, names the order, and shows the shopper where the money went', async () => {
    const { buyer, orderId, transactionId } = await paidGatewayOrder('refund-once');
    const clicks = await Promise.all(Array.from({ length: 10 }, () => refund(orderId, 'gateway')));
    expect(clicks.map((click) => click.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const sent = (await gatewayRefunds()).filter((line) => line.transaction_id === transactionId);
    expect(sent).toEqual([expect.objectContaining({ amount: '40.00', reason: expect.stringContaining(orderId) })]);
    expect(await balanceOf(buyer.code)).toBe(0);
    const detail = await callApi<{ data: { status: string; timeline: { status: string; remark: string }[] } }>(`/user/order/${orderId}`, {
      token: buyer.token,
      form: {},
    });
    expect(detail.body.data.status).toBe('2');
    expect(detail.body.data.timeline.at(-1)).toMatchObject({
      status: 'refunded',
      remark: `Player ID was wrong · Refunded to your bkash (transaction ${transactionId})`,
    });
    expect((await refund(orderId, 'wallet')).status).toBe(409);
    expect(await balanceOf(buyer.code)).toBe(0);
  });

  it('deletes the game-account password of a gateway order in the step that closes its refund', async () => {
    const buyer = await fundedAccount(0, 'refund-secret');
    const started = await callApi<{ data: { payment_url: string; id: string } }>('/user/request_webview', {
      token: buyer.token,
      form: {
        plan_id: 'ffa-520',
        amount: 350,
        saccount_type: 'FB',
        saccount_id: 'gamer@example.com',
        saccount_password: 'gw-secret-pw',
        backup_code: '7711',
        paid_from_wallet: 350,
      },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await sendWebhook(await payForInvoice(started.body.data.payment_url));
    const orderId = started.body.data.id;
    expect(await storedItem(`USER#${buyer.code}`, `ORDER#${orderId}`)).toHaveProperty('sealedSecret');

    expect((await refund(orderId, 'gateway')).body.data.status).toBe('2');
    expect(await storedItem(`USER#${buyer.code}`, `ORDER#${orderId}`)).not.toHaveProperty('sealedSecret');
    expect((await callApi(`/admin/orders/${orderId}/reveal`, { token: adminToken, form: {} })).status).toBe(409);
  });

  type AdminOrderView = {
    status: string;
    gateway_refund: { state: string; reason: string; awaits_person: boolean; resolved_by: string } | null;
  };
  const adminOrder = async (orderId: string) =>
    (await callApi<{ data: AdminOrderView }>(`/admin/orders/${orderId}`, { token: adminToken })).body.data;
  const recordPanel = (orderId: string, outcome: 'refunded' | 'not_refunded') =>
    callApi<{ data: AdminOrderView; message: string }>(`/admin/orders/${orderId}/gateway_refund`, {
      token: adminToken,
      form: { outcome, note: 'Checked the panel' },
    });
  /** The bKash row of today's reconciliation CSV: the refunds counted and the taka refunded. */
  const refundedToday = async () => {
    const day = dhakaDay(Date.now());
    const url = `${inject('stack').url}/api/admin/payments/daily?from=${day}&to=${day}&format=csv`;
    const csv = await (await fetch(url, { headers: { authorization: adminToken } })).text();
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    const names = header!.split(',');
    const cells = rows.map((row) => Object.fromEntries(row.split(',').map((cell, i) => [names[i], cell])));
    const bkash = cells.find((row) => row.payment_method === 'bkash');
    return { refunds: Number(bkash?.refunds ?? 0), refunded: Number(bkash?.refunded ?? 0) };
  };

  it('closes a timed-out refund by asking, on an install whose verify shows REFUNDED, and never sends it twice', async () => {
    const { orderId, transactionId } = await paidGatewayOrder('refund-timeout');
    await testHook('verifies-refunds', { on: true });
    try {
      await testHook('refund-timeout', { count: 1 });
      const answered = await refund(orderId, 'gateway');
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
      expect(answered.body.data).toMatchObject({ status: '2', gateway_refund: { state: 'done' } });
      expect((await refund(orderId, 'gateway')).status).toBe(409);
      expect((await gatewayRefunds()).filter((line) => line.transaction_id === transactionId)).toHaveLength(1);
    } finally {
      await testHook('verifies-refunds', { on: false });
    }
  }, 30_000);

  it('leaves a timed-out refund that verify never shows to the operator, who records the panel once, and the day’s CSV counts it', async () => {
    const { buyer, orderId, transactionId } = await paidGatewayOrder('refund-stuck');
    const before = await refundedToday();
    await testHook('refund-timeout', { count: 1 });
    const timedOut = await refund(orderId, 'gateway');
    expect(timedOut.status).toBe(409);
    expect(timedOut.body.message).toMatch(/does not show this refund.*will not be sent twice/);
    expect(await adminOrder(orderId)).toMatchObject({ status: '0', gateway_refund: { state: 'unknown', awaits_person: true } });

    // Nothing else may move the order's money meanwhile: each answers why, none a 500.
    const [again, toWallet, complete] = await Promise.all([
      refund(orderId, 'gateway'),
      refund(orderId, 'wallet'),
      callApi<{ message: string }>(`/admin/orders/${orderId}/complete`, { token: adminToken, form: { remark: 'Done by hand' } }),
    ]);
    expect([again.status, toWallet.status, complete.status]).toEqual([409, 409, 409]);
    expect(toWallet.body.message).toMatch(/got no answer: check the gateway's panel/);
    expect((await gatewayRefunds()).filter((line) => line.transaction_id === transactionId)).toHaveLength(1);

    const records = await Promise.all(Array.from({ length: 5 }, () => recordPanel(orderId, 'refunded')));
    expect(records.map((record) => record.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await adminOrder(orderId)).toMatchObject({ status: '2', gateway_refund: { state: 'done', awaits_person: false } });
    expect((await recordPanel(orderId, 'not_refunded')).status).toBe(409);
    expect(await balanceOf(buyer.code)).toBe(0);
    expect(await refundedToday()).toEqual({ refunds: before.refunds + 1, refunded: before.refunded + 40 });
    const audit = await callApi<{ data: { items: { action: string; target: string }[] } }>('/admin/audit', { token: adminToken });
    const resolved = audit.body.data.items.filter((entry) => entry.target === orderId && entry.action === 'order.refund_gateway_resolved');
    expect(resolved).toHaveLength(1);
  }, 30_000);

  it('releases a refund the panel shows not refunded, so that the wallet is refunded once instead', async () => {
    const { buyer, orderId, transactionId } = await paidGatewayOrder('refund-release');
    await testHook('outage', { down: true });
    try {
      expect((await refund(orderId, 'gateway')).status).toBe(503);
    } finally {
      await testHook('outage', { down: false });
    }
    expect(await adminOrder(orderId)).toMatchObject({ gateway_refund: { state: 'unknown', awaits_person: true } });
    expect((await gatewayRefunds()).filter((line) => line.transaction_id === transactionId)).toHaveLength(0);
    expect((await recordPanel(orderId, 'not_refunded')).status).toBe(200);
    expect(await adminOrder(orderId)).toMatchObject({ status: '0', gateway_refund: { state: 'released', awaits_person: false } });
    const clicks = await Promise.all(Array.from({ length: 5 }, () => refund(orderId, 'wallet')));
    expect(clicks.map((click) => click.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await balanceOf(buyer.code)).toBe(40);
    await expectLedgerMatchesBalance(buyer.code);
  }, 30_000);

  it('leaves a refused refund unrefunded with the gateway’s reason, and lets the operator try again', async () => {
    const { buyer, orderId, transactionId } = await paidGatewayOrder('refund-refused');
    await testHook('refund-refuse', { message: 'Refund permission is not enabled for this API key' });
    const refused = await refund(orderId, 'gateway');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^The gateway refused the refund: Refund permission is not enabled for this API key\. If the gateway's panel shows/,
    );
    expect(await adminOrder(orderId)).toMatchObject({
      status: '0',
      gateway_refund: { state: 'refused', reason: 'Refund permission is not enabled for this API key', awaits_person: true },
    });
    expect((await gatewayRefunds()).filter((line) => line.transaction_id === transactionId)).toHaveLength(0);
    // The panel may show it refunded by hand: the wallet waits for the operator's record.
    expect((await refund(orderId, 'wallet')).status).toBe(409);
    expect((await refund(orderId, 'gateway')).status).toBe(200);
    expect((await gatewayRefunds()).filter((line) => line.transaction_id === transactionId)).toHaveLength(1);
    expect(await balanceOf(buyer.code)).toBe(0);
  });

  it('refuses to send a wallet-paid order to a payment method', async () => {
    const buyer = await fundedAccount(100, 'refund-wallet-order');
    const placed = await callApi<{ data: OrderRow }>('/user/request/', {
      token: buyer.token,
      form: { plan_id: 'ff-50', saccount_id: '55667788', paid_from_wallet: 40 },
    });
    expect(placed.status).toBe(200);
    const [order] = await orderList(buyer.token);
    const response = await refund(order!.order_id, 'gateway');
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('This order was not paid through the gateway: refund it to the wallet');
  });
});
