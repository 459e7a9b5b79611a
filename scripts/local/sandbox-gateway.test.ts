import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LocalService, readText } from './local-service';
import { freePort } from './ports';
import { type SandboxGatewayOptions, sandboxMaxAmount, startSandboxGateway } from './sandbox-gateway';

/**
 * The stand-in gateway over real HTTP, as UddoktaPay documents it: a tiny "shop" on loopback
 * receives the payer's returns and the webhooks.
 */
interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const apiKey = 'test-key-0123456789';
const received: Received[] = [];
let shop = '';
const stops: (() => Promise<void>)[] = [];
let quiet: LocalService;
let eager: LocalService;

const webhooks = (invoiceId?: string) =>
  received.filter(
    (r) => r.path.startsWith('/webhook') && (!invoiceId || (JSON.parse(r.body) as { invoice_id: string }).invoice_id === invoiceId),
  );

async function start(options: SandboxGatewayOptions) {
  const gateway = await startSandboxGateway(options);
  stops.push(gateway.stop);
  return gateway;
}

beforeAll(async () => {
  const server = createServer(async (request, response) => {
    received.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: await readText(request) });
    response.writeHead(request.url?.startsWith('/webhook-broken') ? 500 : 200, { 'content-type': 'text/plain' }).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  shop = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stops.push(() => new Promise((done) => server.close(() => done())));
  quiet = await start({ apiKey, refundTimeoutMs: 400 });
  eager = await start({ apiKey, autoWebhook: true });
});

afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

const api = (gateway: { url: string }, path: string, body: unknown, key: string | null = apiKey, init: RequestInit = {}) =>
  fetch(`${gateway.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(key === null ? {} : { 'RT-UDDOKTAPAY-API-KEY': key }) },
    body: JSON.stringify(body),
    ...init,
  });

const checkoutBody = (overrides: Record<string, unknown> = {}) => ({
  full_name: 'Rahim Uddin',
  email: 'rahim@example.com',
  amount: '100',
  metadata: { kind: 'wallet', user_id: 'U1', ref_id: 'R1' },
  redirect_url: `${shop}/return?payment=R1`,
  return_type: 'GET',
  cancel_url: `${shop}/cancel?payment=R1`,
  webhook_url: `${shop}/webhook`,
  ...overrides,
});

async function checkout(gateway: { url: string }, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await api(gateway, '/api/checkout-v2', checkoutBody(overrides));
  const body = (await response.json()) as { payment_url: string };
  expect(response.status).toBe(200);
  return body.payment_url;
}

const act = (paymentUrl: string, action: string, form: Record<string, string> = {}) =>
  fetch(`${paymentUrl}/${action}`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });

const invoiceFrom = (location: string | null) => new URL(location ?? '').searchParams.get('invoice_id') ?? '';

const verify = async (gateway: { url: string }, invoiceId: string) =>
  (await api(gateway, '/api/verify-payment', { invoice_id: invoiceId })).json() as Promise<Record<string, unknown>>;

const panel = async (gateway: { url: string }, invoiceId: string, action: string) => {
  const response = await fetch(`${gateway.url}/panel/${invoiceId}/${action}`, { method: 'POST', headers: { accept: 'application/json' } });
  return {
    status: response.status,
    body: (await response.json()) as { status: boolean; invoice: Record<string, unknown>; webhook: number | null; message?: string },
  };
};

/** Pays on the page (Pay button) and answers the invoice id. */
async function paid(gateway: { url: string }, overrides: Record<string, unknown> = {}, form: Record<string, string> = {}) {
  const paymentUrl = await checkout(gateway, overrides);
  const response = await act(paymentUrl, 'pay', { payment_method: 'nagad', sender_number: '01811223344', ...form });
  expect(response.status).toBe(303);
  return { paymentUrl, invoiceId: invoiceFrom(response.headers.get('location')) };
}

describe('checkout-v2', () => {
  it('answers a payment URL with a 40-hex payment token, not an invoice id', async () => {
    const response = await api(quiet, '/api/checkout-v2', checkoutBody({ amount: 250 }));
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(200);
    expect(body).toEqual({
      status: true,
      message: 'Payment Url',
      payment_url: expect.stringMatching(new RegExp(`^${quiet.url}/payment/[0-9a-f]{40}$`)),
    });
    const verifyToken = await verify(quiet, String(body.payment_url).split('/').pop()!);
    expect(verifyToken).toEqual({ status: 'ERROR', message: 'Invalid Invoice ID' });
  });

  it('refuses a wrong or missing key with 401', async () => {
    for (const key of ['wrong', null]) {
      const response = await api(quiet, '/api/checkout-v2', checkoutBody(), key);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ status: false, message: 'Unauthorized Action' });
    }
  });

  it('refuses a non-numeric, zero or negative amount, and one above the limit, with 400', async () => {
    for (const amount of ['abc', 0, '0', -5, '', '12abc']) {
      const response = await api(quiet, '/api/checkout-v2', checkoutBody({ amount }));
      expect(response.status, String(amount)).toBe(400);
      expect(await response.json()).toEqual({ status: false, message: expect.any(String) });
    }
    const over = await api(quiet, '/api/checkout-v2', checkoutBody({ amount: sandboxMaxAmount + 1 }));
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({ status: false, message: 'Amount exceeds the gateway limit of 100000 BDT' });
  });

  it('shows the hosted page with the amount, the payer, the methods and the three buttons', async () => {
    const paymentUrl = await checkout(quiet, { amount: '1500' });
    const token = paymentUrl.split('/').pop()!;
    const response = await fetch(paymentUrl);
    const page = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(page).toContain('৳1500.00');
    expect(page).toContain('Rahim Uddin');
    for (const method of ['bkash', 'nagad', 'rocket', 'upay']) expect(page).toContain(`value="${method}"`);
    expect(page).toContain('name="sender_number"');
    for (const action of ['pay', 'pending', 'cancel']) expect(page).toContain(`/payment/${token}/${action}"`);
    expect(page).toMatch(/>Pay</);
    expect(page).toMatch(/>Leave pending</);
    expect(page).toMatch(/>Cancel</);
  });
});

describe('the payer on the page', () => {
  it('Pay: COMPLETED, GET return with invoice_id appended with & to a query, and no webhook without autoWebhook', async () => {
    const before = received.length;
    const paymentUrl = await checkout(quiet);
    const token = paymentUrl.split('/').pop()!;
    const response = await act(paymentUrl, 'pay', { payment_method: 'rocket', sender_number: '01911223344' });
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    const invoiceId = invoiceFrom(location);
    expect(location).toBe(`${shop}/return?payment=R1&invoice_id=${invoiceId}`);
    expect(invoiceId).toMatch(/^[A-Z0-9]{20}$/);
    expect(invoiceId).not.toBe(token);
    expect(await verify(quiet, invoiceId)).toEqual({
      full_name: 'Rahim Uddin',
      email: 'rahim@example.com',
      amount: '100.00',
      fee: '0.00',
      charged_amount: '100.00',
      invoice_id: invoiceId,
      metadata: { kind: 'wallet', user_id: 'U1', ref_id: 'R1' },
      payment_method: 'rocket',
      sender_number: '01911223344',
      transaction_id: expect.stringMatching(/^[A-Z0-9]{10}$/),
      date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      status: 'COMPLETED',
    });
    expect(received.slice(before)).toEqual([]);

    const again = await act(paymentUrl, 'pay');
    expect(invoiceFrom(again.headers.get('location'))).toBe(invoiceId);
  });

  it('uses ? when the redirect URL has no query, and defaults method and sender', async () => {
    const { invoiceId } = await paid(quiet, { redirect_url: `${shop}/return` }, { payment_method: '', sender_number: '' });
    const paymentUrl = await checkout(quiet, { redirect_url: `${shop}/plain` });
    const response = await act(paymentUrl, 'pay');
    const location = response.headers.get('location')!;
    expect(location).toBe(`${shop}/plain?invoice_id=${invoiceFrom(location)}`);
    const answer = await verify(quiet, invoiceFrom(location));
    expect(answer).toMatchObject({ payment_method: 'bkash', sender_number: '01700000000', status: 'COMPLETED' });
    expect(invoiceId).toMatch(/^[A-Z0-9]{20}$/);
  });

  it('return_type POST (the default): a page that posts invoice_id to the redirect URL', async () => {
    const paymentUrl = await checkout(quiet, { return_type: undefined, redirect_url: `${shop}/return-post?x=1` });
    const response = await act(paymentUrl, 'pay');
    const page = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(page).toMatch(/<form[^>]+method="post"[^>]+action="[^"]*\/return-post\?x=1"/);
    const invoiceId = /name="invoice_id" value="([A-Z0-9]{20})"/.exec(page)?.[1];
    expect(invoiceId).toBeDefined();
    expect(page).toContain('.submit()');
    expect((await verify(quiet, invoiceId!)).status).toBe('COMPLETED');
  });

  it('Leave pending: the gateway’s own pending page, no return; the token keeps its one invoice', async () => {
    const paymentUrl = await checkout(quiet);
    const response = await act(paymentUrl, 'pending', { payment_method: 'upay', sender_number: '01511223344' });
    const page = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(page).toContain('Payment pending — the merchant will confirm it');
    const invoiceId = /Invoice ([A-Z0-9]{20})/.exec(page)![1]!;
    expect(await verify(quiet, invoiceId)).toMatchObject({
      status: 'PENDING',
      payment_method: 'upay',
      sender_number: '01511223344',
      transaction_id: expect.stringMatching(/^[A-Z0-9]{10}$/),
    });
    const again = await (await act(paymentUrl, 'pending')).text();
    expect(again).toContain(invoiceId);
    const invoices = (await (await fetch(`${quiet.url}/test/invoices`)).json()) as { token: string; invoice_id: string }[];
    expect(invoices.filter((i) => i.token === paymentUrl.split('/').pop())).toEqual([expect.objectContaining({ invoice_id: invoiceId })]);
  });

  it('Cancel: 303 to cancel_url exactly, nothing added, no invoice', async () => {
    const paymentUrl = await checkout(quiet, { cancel_url: `${shop}/cancel?payment=R9` });
    const response = await act(paymentUrl, 'cancel');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${shop}/cancel?payment=R9`);
    const invoices = (await (await fetch(`${quiet.url}/test/invoices`)).json()) as { token: string }[];
    expect(invoices.some((i) => i.token === paymentUrl.split('/').pop())).toBe(false);
  });
});

describe('webhooks', () => {
  it('with autoWebhook: sent on Pay before the return, as verify’s answer with the key header', async () => {
    const { invoiceId } = await paid(eager);
    const [hook] = webhooks(invoiceId);
    expect(webhooks(invoiceId)).toHaveLength(1);
    expect(hook!.method).toBe('POST');
    expect(hook!.headers['content-type']).toBe('application/json');
    expect(hook!.headers['rt-uddoktapay-api-key']).toBe(apiKey);
    expect(JSON.parse(hook!.body)).toEqual(await verify(eager, invoiceId));
  });

  it('with autoWebhook: sent on approval of a pending payment, not on leaving it pending', async () => {
    const paymentUrl = await checkout(eager);
    const page = await (await act(paymentUrl, 'pending')).text();
    const invoiceId = /Invoice ([A-Z0-9]{20})/.exec(page)![1]!;
    expect(webhooks(invoiceId)).toHaveLength(0);
    const approved = await panel(eager, invoiceId, 'approve');
    expect(approved).toEqual({
      status: 200,
      body: { status: true, invoice: expect.objectContaining({ invoice_id: invoiceId, status: 'COMPLETED' }), webhook: 200 },
    });
    expect(webhooks(invoiceId).map((h) => (JSON.parse(h.body) as { status: string }).status)).toEqual(['COMPLETED']);
  });

  it('without autoWebhook: only when the merchant presses "Send webhook request"', async () => {
    const paymentUrl = await checkout(quiet);
    const invoiceId = /Invoice ([A-Z0-9]{20})/.exec(await (await act(paymentUrl, 'pending')).text())![1]!;
    const approved = await panel(quiet, invoiceId, 'approve');
    expect(approved.body).toMatchObject({ status: true, invoice: { status: 'COMPLETED' }, webhook: null });
    expect(webhooks(invoiceId)).toHaveLength(0);
    const sent = await panel(quiet, invoiceId, 'webhook');
    expect(sent.body).toMatchObject({ status: true, invoice: { invoice_id: invoiceId }, webhook: 200 });
    expect(webhooks(invoiceId)).toHaveLength(1);
    expect(JSON.parse(webhooks(invoiceId)[0]!.body)).toEqual(await verify(quiet, invoiceId));
  });

  it('the panel rejects a pending payment (ERROR), refuses to approve a settled one, and lists invoices', async () => {
    const paymentUrl = await checkout(quiet, { metadata: { kind: 'order', ref_id: 'O77' } });
    const invoiceId = /Invoice ([A-Z0-9]{20})/.exec(await (await act(paymentUrl, 'pending')).text())![1]!;
    expect((await panel(quiet, invoiceId, 'reject')).body.invoice.status).toBe('ERROR');
    expect((await verify(quiet, invoiceId)).status).toBe('ERROR');
    const again = await panel(quiet, invoiceId, 'approve');
    expect(again.status).toBe(409);
    expect(again.body.status).toBe(false);
    const unknown = await panel(quiet, 'NOSUCHINVOICE0000000', 'approve');
    expect(unknown.status).toBe(404);

    const list = await fetch(`${quiet.url}/panel`);
    const page = await list.text();
    expect(list.status).toBe(200);
    expect(page).toContain(invoiceId);
    expect(page).toContain('O77');
    const form = await fetch(`${quiet.url}/panel/${invoiceId}/webhook`, { method: 'POST', redirect: 'manual' });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/panel');
  });

  it('logs a failed webhook and still returns the payer', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { invoiceId } = await paid(eager, { webhook_url: 'http://127.0.0.1:9/unreachable' });
      expect(invoiceId).toMatch(/^[A-Z0-9]{20}$/);
      const broken = await paid(eager, { webhook_url: `${shop}/webhook-broken` });
      expect(webhooks(broken.invoiceId)).toHaveLength(1);
      expect(errors).toHaveBeenCalledTimes(2);
    } finally {
      errors.mockRestore();
    }
  });
});

describe('test shortcuts on the page', () => {
  it('complete: COMPLETED, webhook even without autoWebhook (unless webhook=0), 303 with invoice_id', async () => {
    const paymentUrl = await checkout(quiet, { return_type: 'POST' });
    const response = await fetch(`${paymentUrl}/complete`, {
      method: 'POST',
      body: new URLSearchParams({ payment_method: 'nagad' }),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    const invoiceId = invoiceFrom(response.headers.get('location'));
    expect(webhooks(invoiceId)).toHaveLength(1);
    expect(await verify(quiet, invoiceId)).toMatchObject({ status: 'COMPLETED', payment_method: 'nagad', sender_number: '01700000000' });
    const repeat = await fetch(`${paymentUrl}/complete`, { method: 'POST', redirect: 'manual' });
    expect(invoiceFrom(repeat.headers.get('location'))).toBe(invoiceId);
    expect(webhooks(invoiceId)).toHaveLength(2);

    const lost = await checkout(quiet);
    const silent = await fetch(`${lost}/complete?webhook=0`, { method: 'POST', redirect: 'manual' });
    expect(silent.status).toBe(303);
    expect(webhooks(invoiceFrom(silent.headers.get('location')))).toHaveLength(0);
  });

  it('fail: the invoice is ERROR and its verify JSON comes back', async () => {
    const paymentUrl = await checkout(quiet);
    const response = await act(paymentUrl, 'fail');
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ status: 'ERROR', invoice_id: expect.stringMatching(/^[A-Z0-9]{20}$/) });
    expect(await verify(quiet, String(body.invoice_id))).toEqual(body);
  });
});

describe('verify-payment', () => {
  it('answers an unknown invoice with 200 {status:"ERROR"} and needs the key', async () => {
    const response = await api(quiet, '/api/verify-payment', { invoice_id: 'ABCDEFGHIJ0123456789' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ERROR', message: 'Invalid Invoice ID' });
    expect((await api(quiet, '/api/verify-payment', { invoice_id: 'x' }, 'wrong')).status).toBe(401);
  });
});

describe('refund-payment', () => {
  const refund = async (gateway: { url: string }, body: Record<string, unknown>, init: RequestInit = {}) => {
    const response = await api(
      gateway,
      '/api/refund-payment',
      { product_name: 'Wallet top-up', reason: 'Customer request', ...body },
      apiKey,
      init,
    );
    return { status: response.status, body: (await response.json()) as { status: boolean; message: string } };
  };

  it('refunds partly then fully, verifying as the documents do (COMPLETED) unless told to act as a newer install, refusing what it must with 200 {status:false}', async () => {
    const { invoiceId } = await paid(quiet);
    const { transaction_id: txn } = (await verify(quiet, invoiceId)) as { transaction_id: string };
    expect(await refund(quiet, { transaction_id: 'NOPE000000', payment_method: 'nagad', amount: 10 })).toEqual({
      status: 200,
      body: { status: false, message: 'Transaction not found' },
    });
    expect((await refund(quiet, { transaction_id: txn, payment_method: 'bkash', amount: 10 })).body).toEqual({
      status: false,
      message: 'Payment method mismatch',
    });
    expect((await refund(quiet, { transaction_id: txn, payment_method: 'nagad', amount: 0 })).body).toEqual({
      status: false,
      message: 'Invalid refund amount',
    });
    expect((await refund(quiet, { transaction_id: txn, payment_method: 'nagad', amount: 100.01 })).body).toEqual({
      status: false,
      message: 'Invalid refund amount',
    });

    expect(await refund(quiet, { transaction_id: txn, payment_method: 'nagad', amount: '40', reason: 'Partly delivered' })).toEqual({
      status: 200,
      body: { status: true, message: 'Refund successful' },
    });
    expect((await verify(quiet, invoiceId)).status).toBe('COMPLETED');
    expect((await refund(quiet, { transaction_id: txn, payment_method: 'nagad', amount: 70 })).body).toEqual({
      status: false,
      message: 'Invalid refund amount',
    });
    expect((await refund(quiet, { transaction_id: txn, payment_method: 'nagad', amount: 60 })).body).toEqual({
      status: true,
      message: 'Refund successful',
    });
    expect((await verify(quiet, invoiceId)).status).toBe('COMPLETED');
    await fetch(`${quiet.url}/test/verifies-refunds`, { method: 'POST', body: JSON.stringify({ on: true }) });
    expect((await verify(quiet, invoiceId)).status).toBe('REFUNDED');
    await fetch(`${quiet.url}/test/verifies-refunds`, { method: 'POST', body: JSON.stringify({ on: false }) });
    expect((await refund(quiet, { transaction_id: txn, payment_method: 'nagad', amount: 1 })).body).toEqual({
      status: false,
      message: 'Payment already refunded',
    });

    const list = (await (await fetch(`${quiet.url}/test/refunds`)).json()) as Record<string, unknown>[];
    expect(list.filter((r) => r.transaction_id === txn)).toEqual([
      {
        transaction_id: txn,
        invoice_id: invoiceId,
        amount: '40.00',
        reason: 'Partly delivered',
        product_name: 'Wallet top-up',
        at: expect.any(String),
      },
      {
        transaction_id: txn,
        invoice_id: invoiceId,
        amount: '60.00',
        reason: 'Customer request',
        product_name: 'Wallet top-up',
        at: expect.any(String),
      },
    ]);
  });

  it('does not refund a pending payment', async () => {
    const paymentUrl = await checkout(quiet);
    const invoiceId = /Invoice ([A-Z0-9]{20})/.exec(await (await act(paymentUrl, 'pending')).text())![1]!;
    const { transaction_id: txn } = (await verify(quiet, invoiceId)) as { transaction_id: string };
    expect((await refund(quiet, { transaction_id: txn, payment_method: 'bkash', amount: 10 })).body.status).toBe(false);
  });

  it('refund-timeout: the refund happens, the answer comes only after refundTimeoutMs', async () => {
    const { invoiceId } = await paid(quiet);
    const { transaction_id: txn } = (await verify(quiet, invoiceId)) as { transaction_id: string };
    await fetch(`${quiet.url}/test/refund-timeout`, { method: 'POST', body: JSON.stringify({ count: 1 }) });
    await expect(
      refund(quiet, { transaction_id: txn, payment_method: 'nagad', amount: 100 }, { signal: AbortSignal.timeout(100) }),
    ).rejects.toThrow();
    expect((await verify(quiet, invoiceId)).status).toBe('COMPLETED');
    const started = Date.now();
    expect((await refund(quiet, { transaction_id: txn, payment_method: 'nagad', amount: 1 })).body.message).toBe(
      'Payment already refunded',
    );
    expect(Date.now() - started).toBeLessThan(300);
  });

  it('refund-refuse: the next refund is refused with the given message, then refunds work again', async () => {
    const { invoiceId } = await paid(quiet);
    const { transaction_id: txn } = (await verify(quiet, invoiceId)) as { transaction_id: string };
    await fetch(`${quiet.url}/test/refund-refuse`, { method: 'POST', body: JSON.stringify({ message: 'Insufficient merchant balance' }) });
    expect((await refund(quiet, { transaction_id: txn, payment_method: 'nagad', amount: 10 })).body).toEqual({
      status: false,
      message: 'Insufficient merchant balance',
    });
    expect((await refund(quiet, { transaction_id: txn, payment_method: 'nagad', amount: 10 })).body).toEqual({
      status: true,
      message: 'Refund successful',
    });
  });
});

describe('outage and start-up', () => {
  it('answers every /api/ call 503 while down', async () => {
    const { invoiceId } = await paid(quiet);
    await fetch(`${quiet.url}/test/outage`, { method: 'POST', body: JSON.stringify({ down: true }) });
    try {
      for (const path of ['/api/checkout-v2', '/api/verify-payment', '/api/refund-payment']) {
        const response = await api(quiet, path, { invoice_id: invoiceId });
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({ status: false, message: 'Service Unavailable' });
      }
    } finally {
      await fetch(`${quiet.url}/test/outage`, { method: 'POST', body: JSON.stringify({ down: false }) });
    }
    expect((await verify(quiet, invoiceId)).status).toBe('COMPLETED');
  });

  it('starts on a given port', async () => {
    const port = await freePort();
    const fixed = await start({ apiKey, port });
    expect(fixed.url).toBe(`http://127.0.0.1:${port}`);
  });
});
