import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, inject, it } from 'vitest';
import { reconcilePayments } from '../../functions/payments/service';
import { callApi } from '../support/http';
import { balanceOf, expectLedgerMatchesBalance, fundedAccount, payInvoice, sendWebhook, startTopUp } from '../support/money';

type WalletRow = { rq_id: string; txn_id: string; status: string; amount: number; sender_id: string; sender_name: string; cancel_reason: string };

const walletHistory = async (token: string) => (await callApi<{ data: WalletRow[] }>('/user/get_wallet_request', { token, form: {} })).body.data;
const verifyPayment = (token: string, invoiceId: string) => callApi<{ data: { kind: string; id: string; status: string } }>('/user/verify_payment', { token, form: { invoice_id: invoiceId } });
const reconcileNow = () => reconcilePayments({ minAgeSeconds: 0, expireAfterSeconds: 86_400, batchSize: 5, timeForAnotherBatch: () => true });

describe('wallet top-up through the gateway', () => {
  it('records a pending request, and the paid invoice credits the wallet once with its ledger entry', async () => {
    const payer = await fundedAccount(0, 'topup');
    const { paymentUrl, txnId } = await startTopUp(payer, 500);
    expect(paymentUrl).toMatch(new RegExp(`^${inject('stack').gatewayUrl}/pay/`));
    expect(await walletHistory(payer.token)).toEqual([expect.objectContaining({ txn_id: txnId, status: '0', amount: 500 })]);

    const paid = await payInvoice(paymentUrl);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(/\/profile\/userWallet\?invoice_id=/);
    expect(await balanceOf(payer.code)).toBe(500);
    expect(await walletHistory(payer.token)).toEqual([expect.objectContaining({ status: '1', sender_name: 'bkash', sender_id: '01711223344' })]);
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
    expect(paid.headers.get('location')).toMatch(new RegExp(`^${inject('stack').url}/profile/userWallet\\?invoice_id=`));
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
    const { startTopUp: start } = await import('../../functions/wallet/service');
    const { requireActiveUser } = await import('../../functions/users/active-user');
    const payer = await fundedAccount(0, 'refused');
    const user = await requireActiveUser({ userId: payer.code, tokenVersion: 1 });
    await expect(start(user, { amount: 5_000_000, txnId: `${Date.now()}42` }, '203.0.113.42')).rejects.toMatchObject({
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
    const { paymentUrl, invoiceId } = await startTopUp(payer, 300);
    await payInvoice(paymentUrl, { webhook: false });
    const parallel = await Promise.all(Array.from({ length: 5 }, () => sendWebhook(invoiceId)));
    expect(parallel.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    for (let i = 0; i < 5; i += 1) expect((await sendWebhook(invoiceId)).status).toBe(200);
    expect(await balanceOf(payer.code)).toBe(300);
    await expectLedgerMatchesBalance(payer.code);
  });

  it('credits once when the webhook and the return path race', async () => {
    const payer = await fundedAccount(0, 'race');
    const { paymentUrl, invoiceId } = await startTopUp(payer, 250);
    await payInvoice(paymentUrl, { webhook: false });
    const [webhook, returned] = await Promise.all([sendWebhook(invoiceId), verifyPayment(payer.token, invoiceId)]);
    expect(webhook.status).toBe(200);
    expect(returned.body.data).toMatchObject({ kind: 'wallet', status: '1' });
    expect(await balanceOf(payer.code)).toBe(250);
    await expectLedgerMatchesBalance(payer.code);
  });

  it('settles a lost callback once through the return path', async () => {
    const payer = await fundedAccount(0, 'lost');
    const { paymentUrl, invoiceId } = await startTopUp(payer, 150);
    await payInvoice(paymentUrl, { webhook: false });
    expect(await balanceOf(payer.code)).toBe(0);
    for (let i = 0; i < 2; i += 1) expect((await verifyPayment(payer.token, invoiceId)).body.data.status).toBe('1');
    expect(await balanceOf(payer.code)).toBe(150);
    await reconcileNow();
    expect(await balanceOf(payer.code)).toBe(150);
  });

  it('settles a lost callback once through the reconciler when the payer never returns', async () => {
    const payer = await fundedAccount(0, 'never');
    const { paymentUrl, invoiceId } = await startTopUp(payer, 120);
    await payInvoice(paymentUrl, { webhook: false });
    await reconcileNow();
    expect(await balanceOf(payer.code)).toBe(120);
    await reconcileNow();
    await sendWebhook(invoiceId);
    expect(await balanceOf(payer.code)).toBe(120);
    expect((await walletHistory(payer.token))[0]?.status).toBe('1');
    await expectLedgerMatchesBalance(payer.code);
  });

  it('does not tell one user about another user’s invoice', async () => {
    const payer = await fundedAccount(0, 'owner');
    const stranger = await fundedAccount(0, 'stranger');
    const { paymentUrl, invoiceId } = await startTopUp(payer, 90);
    await payInvoice(paymentUrl, { webhook: false });
    const response = await verifyPayment(stranger.token, invoiceId);
    expect(response.status).toBe(404);
    expect(await balanceOf(payer.code)).toBe(0);
  });
});

describe('callbacks that must credit nothing', () => {
  it('refuses a callback without the key or with a wrong key, before anything', async () => {
    const payer = await fundedAccount(0, 'forged');
    const { paymentUrl, invoiceId } = await startTopUp(payer, 400);
    await payInvoice(paymentUrl, { webhook: false });
    expect((await sendWebhook(invoiceId, null)).status).toBe(401);
    expect((await sendWebhook(invoiceId, 'not-the-key')).status).toBe(401);
    expect(await balanceOf(payer.code)).toBe(0);
  });

  it('ignores the body’s word for a PENDING invoice', async () => {
    const payer = await fundedAccount(0, 'pending');
    const { invoiceId } = await startTopUp(payer, 400);
    const response = await sendWebhook(invoiceId, inject('stack').gatewayApiKey, { status: 'COMPLETED', amount: '400.00' });
    expect(response.status).toBe(200);
    expect(await balanceOf(payer.code)).toBe(0);
    expect((await walletHistory(payer.token))[0]?.status).toBe('0');
  });

  it('cancels the request of an ERROR invoice and credits nothing', async () => {
    const payer = await fundedAccount(0, 'error');
    const { paymentUrl, invoiceId } = await startTopUp(payer, 400);
    await fetch(`${paymentUrl}/fail`, { method: 'POST' });
    expect((await sendWebhook(invoiceId)).status).toBe(200);
    expect(await balanceOf(payer.code)).toBe(0);
    expect((await walletHistory(payer.token))[0]).toMatchObject({ status: '2', cancel_reason: 'Payment failed' });
  });

  it('credits nothing for a paid invoice whose amount differs from the request', async () => {
    const payer = await fundedAccount(0, 'mismatch');
    const { rq_id } = await (async () => {
      await startTopUp(payer, 1000);
      return (await walletHistory(payer.token))[0]!;
    })();
    // Someone holding the merchant key opens a 10-taka checkout naming the 1000-taka request.
    const checkout = await fetch(`${inject('stack').gatewayUrl}/api/checkout-v2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'RT-UDDOKTAPAY-API-KEY': inject('stack').gatewayApiKey },
      body: JSON.stringify({ full_name: 'x', email: 'x@x.x', amount: '10', metadata: { kind: 'wallet', user_id: payer.code, ref_id: rq_id }, redirect_url: 'http://localhost/', cancel_url: 'http://localhost/', webhook_url: `${inject('stack').url}/api/payment/webhook` }),
    });
    const { payment_url } = (await checkout.json()) as { payment_url: string };
    await payInvoice(payment_url);
    await sendWebhook(payment_url.split('/').pop()!);
    expect(await balanceOf(payer.code)).toBe(0);
    expect((await walletHistory(payer.token))[0]?.status).toBe('0');
  });

  it('answers an unknown invoice with 200 and changes nothing', async () => {
    const response = await sendWebhook('NO-SUCH-INVOICE');
    expect(response.status).toBe(200);
  });
});

describe('the reconciler', () => {
  it('stops before its time runs out and leaves the rest for the next run', async () => {
    const payer = await fundedAccount(0, 'out-of-time');
    const { paymentUrl } = await startTopUp(payer, 150);
    await payInvoice(paymentUrl, { webhook: false });
    const outcome = await reconcilePayments({ minAgeSeconds: 0, expireAfterSeconds: 86_400, batchSize: 5, timeForAnotherBatch: () => false });
    expect(outcome).toMatchObject({ checked: 0, paid: 0 });
    expect(outcome.left).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(payer.code)).toBe(0);
    await reconcileNow();
    expect(await balanceOf(payer.code)).toBe(150);
  });

  it('cancels long-dead pending requests as expired', async () => {
    const payer = await fundedAccount(0, 'dead');
    await startTopUp(payer, 60);
    await reconcilePayments({ minAgeSeconds: 0, expireAfterSeconds: 0, batchSize: 5, timeForAnotherBatch: () => true, now: Date.now() + 1000 });
    expect((await walletHistory(payer.token))[0]).toMatchObject({ status: '2', cancel_reason: 'expired' });
    expect(await balanceOf(payer.code)).toBe(0);
  });

  it('still credits an expired request that was paid late', async () => {
    const payer = await fundedAccount(0, 'late');
    const { paymentUrl } = await startTopUp(payer, 70);
    await reconcilePayments({ minAgeSeconds: 0, expireAfterSeconds: 0, batchSize: 5, timeForAnotherBatch: () => true, now: Date.now() + 1000 });
    await payInvoice(paymentUrl);
    expect(await balanceOf(payer.code)).toBe(70);
    expect((await walletHistory(payer.token))[0]?.status).toBe('1');
    await expectLedgerMatchesBalance(payer.code);
  });
});

describe('the local stack', () => {
  it('runs the reconciler on a schedule, so a payment whose callback was lost settles by itself', async () => {
    const payer = await fundedAccount(0, 'scheduled');
    const { paymentUrl } = await startTopUp(payer, 250);
    await payInvoice(paymentUrl, { webhook: false });
    expect(await balanceOf(payer.code)).toBe(0);
    const deadline = Date.now() + 50_000;
    while ((await balanceOf(payer.code)) === 0 && Date.now() < deadline) await sleep(1000);
    expect(await balanceOf(payer.code)).toBe(250);
  }, 60_000);
});

describe('plan orders through the gateway', () => {
  it('becomes an order for fulfilment once the invoice is paid, and only once', async () => {
    const buyer = await fundedAccount(0, 'gworder');
    const started = await callApi<{ data: { status: number; payment_url: string } }>('/user/request_webview', {
      token: buyer.token,
      form: { plan_id: 'ff-50', amount: 40, saccount_id: '55667788', paid_from_wallet: 40 },
    });
    expect(started.status).toBe(200);
    expect(started.body.data.status).toBe(1);
    const orders = async () =>
      (await callApi<{ data: { status: string; plan_name: string; paid_amount: number; awaiting_payment: boolean }[] }>('/user/get_request_list', { token: buyer.token, form: {} })).body.data;
    // Listed as awaiting its payment, not yet an order for fulfilment.
    expect(await orders()).toEqual([expect.objectContaining({ awaiting_payment: true, plan_name: '50 Diamonds' })]);
    const invoiceId = started.body.data.payment_url.split('/').pop()!;
    await payInvoice(started.body.data.payment_url);
    await sendWebhook(invoiceId);
    await reconcileNow();
    expect(await orders()).toEqual([expect.objectContaining({ status: '0', plan_name: '50 Diamonds', paid_amount: 40, awaiting_payment: false })]);
    expect(await balanceOf(buyer.code)).toBe(0);
  });

  it('refuses a gateway order whose amount is not the plan price', async () => {
    const buyer = await fundedAccount(0, 'gwprice');
    const response = await callApi('/user/request_webview', { token: buyer.token, form: { plan_id: 'ff-50', amount: 1, saccount_id: '1' } });
    expect(response.status).toBe(409);
  });
});
