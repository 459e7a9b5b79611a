import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopChild } from '../../../scripts/local/child';
import { uniqueContact } from '../../support/accounts';
import { type CallOptions, callApiAt } from '../../support/http';
import { type StackInfo, projectRoot, spawnStack } from '../../support/spawn-stack';

/**
 * The local shop pointed at a gateway of the tester's (GATEWAY_URL, GATEWAY_API_KEY), as the
 * README says: here a second stand-in, started apart as a tester would (`npm run gateway`, in a
 * clean environment), which sends webhooks only when the merchant asks, as checkout-v2 is
 * documented. Every settle path is walked through that gateway: the payer's return, the merchant's
 * webhook, a PENDING payment approved later, a cancel, a forged webhook, a gateway order.
 */
let gatewayProcess: ChildProcess;
let gateway: { url: string; apiKey: string };
let shop: { info: StackInfo; stop: () => Promise<void> };

const api = <T = unknown>(path: string, options: CallOptions = {}) => callApiAt<T>(shop.info.url, path, options);

beforeAll(async () => {
  const apiKey = randomBytes(20).toString('hex');
  gatewayProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/sandbox-gateway.ts'], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, GATEWAY_API_KEY: apiKey },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  gateway = await new Promise((done, fail) => {
    gatewayProcess.once('exit', (code) => fail(new Error(`npm run gateway exited with ${code}`)));
    createInterface({ input: gatewayProcess.stdout! }).once('line', (line) => done(JSON.parse(line) as { url: string; apiKey: string }));
  });
  expect(gateway.apiKey).toBe(apiKey);
  shop = await spawnStack('external-gateway', { gateway: { url: gateway.url, apiKey } });
}, 120_000);

afterAll(async () => {
  await shop?.stop();
  if (gatewayProcess) await stopChild(gatewayProcess);
});

async function newShopper() {
  const { email, mobileNo } = uniqueContact('extgw');
  const password = `pw-${randomBytes(4).toString('hex')}`;
  expect((await api('/auth/register_user', { form: { name: 'External', email, mobile_no: mobileNo, password } })).status).toBe(200);
  const login = await api<{ data: { authToken: string } }>('/auth/login', { form: { email, password } });
  return login.body.data.authToken;
}

const balance = async (token: string) =>
  Number((await api<{ data: { wallet_balance: number } }>('/user/user_data', { token, form: {} })).body.data.wallet_balance);
const topUps = async (token: string) =>
  (await api<{ data: { rq_id: string; status: string; payment_confirming: boolean }[] }>('/user/get_wallet_request', { token, form: {} }))
    .body.data;

async function startTopUp(token: string, amount: number) {
  const started = await api<{ data: { payment_url: string; id: string } }>('/user/wallet_request_webview', {
    token,
    form: { amount, txn_id: `${Date.now()}${Math.floor(Math.random() * 10000)}` },
  });
  expect(started.status).toBe(200);
  return { paymentUrl: started.body.data.payment_url, id: started.body.data.id };
}

/** The payer presses a button of the gateway's page; answers where the gateway sends the browser, if anywhere. */
async function onGatewayPage(paymentUrl: string, button: 'pay' | 'pending' | 'cancel'): Promise<URL | undefined> {
  const response = await fetch(`${paymentUrl}/${button}`, {
    method: 'POST',
    body: new URLSearchParams({ payment_method: 'bkash', sender_number: '01711223344' }),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  return location ? new URL(location) : undefined;
}

async function invoiceOfToken(paymentUrl: string): Promise<string> {
  const invoices = (await (await fetch(`${gateway.url}/test/invoices`)).json()) as { token: string; invoice_id: string }[];
  return invoices.find((invoice) => paymentUrl.endsWith(`/${invoice.token}`))!.invoice_id;
}

const panel = (invoiceId: string, action: 'approve' | 'webhook') =>
  fetch(`${gateway.url}/panel/${invoiceId}/${action}`, { method: 'POST', headers: { accept: 'application/json' } });
const verifyPayment = (token: string, invoiceId: string) =>
  api<{ data: { status: string } }>('/user/verify_payment', { token, form: { invoice_id: invoiceId } });

describe('the local shop against a gateway started apart', () => {
  it('checks out at that gateway and credits a payment once when the payer returns, however often', async () => {
    const token = await newShopper();
    const { paymentUrl, id } = await startTopUp(token, 500);
    expect(paymentUrl.startsWith(`${gateway.url}/payment/`)).toBe(true);
    const back = (await onGatewayPage(paymentUrl, 'pay'))!;
    expect(back.searchParams.get('payment')).toBe(id);
    const invoiceId = back.searchParams.get('invoice_id')!;
    expect(await balance(token)).toBe(0);
    const returns = await Promise.all([verifyPayment(token, invoiceId), verifyPayment(token, invoiceId), verifyPayment(token, invoiceId)]);
    expect(returns.map((answer) => answer.body.data.status)).toEqual(['1', '1', '1']);
    await panel(invoiceId, 'webhook');
    await panel(invoiceId, 'webhook');
    expect(await balance(token)).toBe(500);
  });

  it('credits from the merchant’s webhook a payment whose payer never came back', async () => {
    const token = await newShopper();
    const { paymentUrl } = await startTopUp(token, 300);
    await onGatewayPage(paymentUrl, 'pay');
    expect(await balance(token)).toBe(0);
    expect((await panel(await invoiceOfToken(paymentUrl), 'webhook')).status).toBe(200);
    expect(await balance(token)).toBe(300);
  });

  it('keeps a PENDING payment awaiting, and credits it once when approved and the webhook comes', async () => {
    const token = await newShopper();
    const { paymentUrl } = await startTopUp(token, 250);
    expect(await onGatewayPage(paymentUrl, 'pending')).toBeUndefined();
    const invoiceId = await invoiceOfToken(paymentUrl);
    await panel(invoiceId, 'webhook');
    expect((await topUps(token))[0]).toMatchObject({ status: '0', payment_confirming: true });
    await panel(invoiceId, 'approve');
    await Promise.all([panel(invoiceId, 'webhook'), panel(invoiceId, 'webhook')]);
    expect(await balance(token)).toBe(250);
    expect((await topUps(token))[0]?.status).toBe('1');
  });

  it('credits nothing for a cancel or a forged webhook', async () => {
    const token = await newShopper();
    const { paymentUrl, id } = await startTopUp(token, 200);
    const back = (await onGatewayPage(paymentUrl, 'cancel'))!;
    expect(back.search).toBe(`?payment=${id}&cancelled=1`);
    expect(
      (await api<{ data: { status: string } }>('/user/cancel_payment', { token, form: { kind: 'wallet', id } })).body.data.status,
    ).toBe('2');
    const other = await startTopUp(token, 200);
    await onGatewayPage(other.paymentUrl, 'pending');
    const invoiceId = await invoiceOfToken(other.paymentUrl);
    const forged = { invoice_id: invoiceId, status: 'COMPLETED', amount: '200.00', metadata: { kind: 'wallet', ref_id: other.id } };
    expect((await api('/payment/webhook', { json: forged, headers: { 'rt-uddoktapay-api-key': 'guessed' } })).status).toBe(401);
    expect((await api('/payment/webhook', { json: forged, headers: { 'rt-uddoktapay-api-key': gateway.apiKey } })).status).toBe(200);
    expect(await balance(token)).toBe(0);
  });

  it('places a gateway-paid order once', async () => {
    const token = await newShopper();
    const started = await api<{ data: { payment_url: string; id: string } }>('/user/request_webview', {
      token,
      form: { plan_id: 'ff-50', amount: 40, saccount_id: '55667788' },
    });
    expect(started.status).toBe(200);
    const invoiceId = (await onGatewayPage(started.body.data.payment_url, 'pay'))!.searchParams.get('invoice_id')!;
    await verifyPayment(token, invoiceId);
    await panel(invoiceId, 'webhook');
    const orders = (
      await api<{ data: { order_id: string; status: string; awaiting_payment: boolean }[] }>('/user/get_request_list', { token, form: {} })
    ).body.data;
    expect(orders).toEqual([expect.objectContaining({ order_id: started.body.data.id, status: '0', awaiting_payment: false })]);
  });
});
