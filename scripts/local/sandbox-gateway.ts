import { randomBytes, randomInt } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { escapeHtml, html, json, jsonBody, listenOnLoopback, type LocalService, pauses, readText } from './local-service';

/** The largest checkout the sandbox accepts; above it, it refuses as a real gateway's limit would. */
export const sandboxMaxAmount = 100_000;

export interface SandboxGatewayOptions {
  /** The merchant's API key: checked on every `/api/` call, and sent with every webhook. */
  apiKey: string;
  /** Send the webhook by itself on completion and on the merchant's approval (newer installs); default false. */
  autoWebhook?: boolean;
  /** How long a refund call held by `POST /test/refund-timeout` waits before it answers; default 10 000. */
  refundTimeoutMs?: number;
  /**
   * Verify a fully refunded payment as REFUNDED, as some newer installs do; default false: the
   * documented statuses only (COMPLETED, PENDING, ERROR), so a refunded payment still verifies
   * COMPLETED and only the panel shows the refund.
   */
  verifiesRefunds?: boolean;
  /** The loopback port to listen on; default 0 (a free one). */
  port?: number;
}

type Status = 'PENDING' | 'COMPLETED' | 'ERROR' | 'REFUNDED';

/** What the merchant's checkout-v2 call asked for: one payment link (token). */
interface Checkout {
  token: string;
  full_name: string;
  email: string;
  /** In poisha (1/100 taka). */
  amount: number;
  metadata: Record<string, unknown>;
  redirect_url: string;
  return_type: 'GET' | 'POST';
  cancel_url: string;
  webhook_url: string;
  invoice?: Invoice;
}

/** A payment the payer made (or left pending) on a checkout's page. */
interface Invoice {
  invoice_id: string;
  checkout: Checkout;
  payment_method: string;
  sender_number: string;
  transaction_id: string;
  date: string;
  status: Status;
  /** Refunded so far, in poisha. */
  refunded: number;
}

interface Refund {
  transaction_id: string;
  invoice_id: string;
  amount: string;
  reason: string;
  product_name: string;
  at: string;
}

const methods = ['bkash', 'nagad', 'rocket', 'upay'] as const;
const methodNames: Record<string, string> = { bkash: 'bKash', nagad: 'Nagad', rocket: 'Rocket', upay: 'Upay' };
const alphanumerics = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const randomCode = (length: number) => Array.from({ length }, () => alphanumerics[randomInt(alphanumerics.length)]).join('');
/** Poisha as the gateway's decimal string: 10000 → "100.00". */
const decimal = (poisha: number) => `${Math.floor(poisha / 100)}.${String(poisha % 100).padStart(2, '0')}`;
/** An amount as sent (number or numeric string) in poisha, or null when it is not a positive amount. */
function poishaOf(value: unknown): number | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  if (typeof value === 'string' && !/^\s*\d+(\.\d+)?\s*$/.test(value)) return null;
  const amount = Number(value);
  if (!Number.isFinite(amount)) return null;
  const poisha = Math.round(amount * 100);
  return poisha > 0 ? poisha : null;
}
/** "YYYY-MM-DD HH:MM:SS" in Asia/Dhaka (UTC+6, no daylight saving), as a Bangladeshi install's clock shows it. */
const dhakaNow = () => new Date(Date.now() + 6 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
/** `url` with `invoice_id` added to its query (`?` or `&`), before any fragment, the rest left as the merchant wrote it. */
function withInvoiceId(url: string, invoiceId: string): string {
  const hash = url.indexOf('#');
  const [base, fragment] = hash === -1 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  const separator = !base.includes('?') ? '?' : /[?&]$/.test(base) ? '' : '&';
  return `${base}${separator}invoice_id=${encodeURIComponent(invoiceId)}${fragment}`;
}
const isAbsoluteUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/**
 * The verify answer, which is also the webhook's body. A refunded payment answers REFUNDED only as
 * a newer install (`verifiesRefunds`); the documented statuses are COMPLETED, PENDING and ERROR.
 */
function verifyAnswer(invoice: Invoice, verifiesRefunds: boolean) {
  const { checkout } = invoice;
  const status = invoice.status === 'REFUNDED' && !verifiesRefunds ? 'COMPLETED' : invoice.status;
  return {
    full_name: checkout.full_name,
    email: checkout.email,
    amount: decimal(checkout.amount),
    fee: '0.00',
    charged_amount: decimal(checkout.amount),
    invoice_id: invoice.invoice_id,
    metadata: checkout.metadata,
    payment_method: invoice.payment_method,
    sender_number: invoice.sender_number,
    transaction_id: invoice.transaction_id,
    date: invoice.date,
    status,
  };
}

/**
 * The local stack's stand-in payment gateway, behaving as UddoktaPay's documentation describes
 * (the "Payment gateway" section of the API contract). Invoices live in memory.
 *
 * The merchant's API (header `RT-UDDOKTAPAY-API-KEY`; a wrong or missing key → 401
 * `{status:false, message:"Unauthorized Action"}`):
 * - `POST /api/checkout-v2` `{full_name, email, amount, metadata, redirect_url, return_type, cancel_url,
 *   webhook_url}` → `{status:true, message:"Payment Url", payment_url:"{origin}/payment/{40 hex token}"}`.
 *   The token is not the invoice id. `return_type` is GET or POST (any case; default POST). A bad
 *   field → 400 `{status:false, message}`; above {@link sandboxMaxAmount} → 400 with the limit's message.
 * - `POST /api/verify-payment` `{invoice_id}` → the invoice (amounts as "100.00" strings, status
 *   COMPLETED, PENDING or ERROR; REFUNDED for a fully refunded one only with `verifiesRefunds`, as
 *   some newer installs do); unknown → 200 `{status:"ERROR", message:"Invalid Invoice ID"}`.
 * - `POST /api/refund-payment` `{transaction_id, payment_method, amount, product_name, reason}` →
 *   `{status:true, message:"Refund successful"}`, full or partial (the panel shows the refund);
 *   refusals are 200 `{status:false, message}`.
 *
 * The payer's side: `GET /payment/{token}` is the hosted page (amount, name, method, sender number)
 * whose buttons post to `/payment/{token}/pay` (COMPLETED, then back to `redirect_url` with
 * `invoice_id`: a 303 for return_type GET, an auto-submitting POST form for POST),
 * `/payment/{token}/pending` (PENDING; the gateway's own pending page, the payer is not sent back)
 * and `/payment/{token}/cancel` (303 to `cancel_url`, nothing added, no invoice). The invoice id (20
 * uppercase letters and digits) is made when the payer pays or leaves it pending; a token has at most one.
 *
 * The merchant's panel: `GET /panel` lists the invoices; `POST /panel/{invoice_id}/approve`
 * (PENDING → COMPLETED), `/reject` (PENDING → ERROR) and `/webhook` ("Send webhook request") answer
 * `{status:true, invoice, webhook: <the shop's HTTP status or null>}` to `Accept: application/json`,
 * else 303 back to the panel.
 *
 * The webhook (POST of verify's answer with the API key header to the checkout's `webhook_url`) is
 * sent when the merchant asks in the panel, and also on completion and approval when started with
 * `autoWebhook`. A failure is logged, never thrown; nothing retries.
 *
 * Shortcuts for tests (outside the documented API):
 * - `POST /payment/{token}/complete` (form fields `payment_method`, `sender_number`, both optional):
 *   as Pay, but always sends the webhook (even when the invoice was already completed, to play a
 *   repeated callback) unless the query has `webhook=0` (a lost callback), then 303 to `redirect_url`
 *   with `invoice_id`, whatever the return type.
 * - `POST /payment/{token}/fail`: makes (or marks) the token's invoice ERROR and answers its verify JSON.
 * - `POST /test/outage` `{"down": true|false}`: while down, every `/api/` call answers 503
 *   `{status:false, message:"Service Unavailable"}`.
 * - `POST /test/refund-timeout` `{"count": n}`: the next n refund calls do their work but answer only
 *   after `refundTimeoutMs`, so a client with a shorter timeout sees a timeout although the refund happened.
 * - `POST /test/refund-refuse` `{"message": "..."}`: the next refund call is refused with that message.
 * - `POST /test/verifies-refunds` `{"on": true|false}`: whether verify answers REFUNDED for a refunded payment.
 * - `GET /test/refunds`: the refunds made `[{transaction_id, invoice_id, amount, reason, product_name, at}]`.
 * - `GET /test/invoices`: every invoice's verify answer plus its `token`.
 *
 * Accepts the options or, as before, just the API key.
 */
export async function startSandboxGateway(options: SandboxGatewayOptions): Promise<LocalService> {
  const { apiKey, autoWebhook = false, refundTimeoutMs = 10_000, port = 0 } = options;
  let verifiesRefunds = options.verifiesRefunds ?? false;
  const verifyAnswerOf = (invoice: Invoice) => verifyAnswer(invoice, verifiesRefunds);
  const checkouts = new Map<string, Checkout>();
  const invoices = new Map<string, Invoice>();
  const refunds: Refund[] = [];
  let origin = '';
  let outage = false;
  let delayedRefunds = 0;
  const refusals: string[] = [];
  const { pause, releaseAll } = pauses();

  /** POSTs verify's answer to the checkout's webhook URL; answers the shop's HTTP status, or null. */
  async function sendWebhook(invoice: Invoice): Promise<number | null> {
    const url = invoice.checkout.webhook_url;
    if (!url) return null;
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'RT-UDDOKTAPAY-API-KEY': apiKey },
        body: JSON.stringify(verifyAnswerOf(invoice)),
        signal: AbortSignal.timeout(15_000),
      });
      await answer.arrayBuffer().catch(() => undefined);
      if (!answer.ok) console.error(`sandbox gateway: webhook for ${invoice.invoice_id} answered ${answer.status}`);
      return answer.status;
    } catch (error) {
      console.error(`sandbox gateway: webhook for ${invoice.invoice_id} failed`, error);
      return null;
    }
  }

  /**
   * The payer acts on a checkout's page: its one invoice, made now or reused. A PENDING invoice may
   * still be paid; a COMPLETED one stays as it is; an ERROR or REFUNDED one cannot be paid again.
   */
  function act(
    checkout: Checkout,
    form: URLSearchParams,
    status: 'COMPLETED' | 'PENDING' | 'ERROR',
  ): { invoice: Invoice; changed: boolean } | { refusal: string } {
    const method = (form.get('payment_method') ?? '').toLowerCase();
    const sender = (form.get('sender_number') ?? '').trim();
    const paymentMethod = (methods as readonly string[]).includes(method) ? method : 'bkash';
    const senderNumber = /^\+?\d{6,15}$/.test(sender) ? sender : '01700000000';
    let invoice = checkout.invoice;
    if (!invoice) {
      const typed = (form.get('transaction_id') ?? '').trim().toUpperCase();
      const taken = (id: string) => [...invoices.values()].some((other) => other.transaction_id === id);
      let transactionId = /^[A-Z0-9]{6,20}$/.test(typed) && !taken(typed) ? typed : '';
      while (!transactionId || taken(transactionId)) transactionId = randomCode(10);
      let invoiceId = randomCode(20);
      while (invoices.has(invoiceId)) invoiceId = randomCode(20);
      invoice = {
        invoice_id: invoiceId,
        checkout,
        payment_method: paymentMethod,
        sender_number: senderNumber,
        transaction_id: transactionId,
        date: dhakaNow(),
        status,
        refunded: 0,
      };
      checkout.invoice = invoice;
      invoices.set(invoiceId, invoice);
      return { invoice, changed: true };
    }
    if (status === 'ERROR') {
      const changed = invoice.status !== 'ERROR';
      invoice.status = 'ERROR';
      return { invoice, changed };
    }
    if (invoice.status === 'PENDING' && status === 'COMPLETED') {
      if (form.has('payment_method')) invoice.payment_method = paymentMethod;
      if (form.has('sender_number')) invoice.sender_number = senderNumber;
      invoice.status = 'COMPLETED';
      return { invoice, changed: true };
    }
    if (invoice.status === 'PENDING' || invoice.status === 'COMPLETED') return { invoice, changed: false };
    return { refusal: invoice.status === 'REFUNDED' ? 'This payment was refunded' : 'This payment failed and cannot be paid again' };
  }

  /** Sends the payer back to the shop with the invoice id, as the checkout's return type says. */
  function returnToShop(response: ServerResponse, invoice: Invoice) {
    const { checkout } = invoice;
    if (checkout.return_type === 'GET')
      return response.writeHead(303, { location: withInvoiceId(checkout.redirect_url, invoice.invoice_id) }).end();
    return html(response, 200, postReturnPage(checkout.redirect_url, invoice.invoice_id));
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse, path: string) {
    if (outage) return json(response, 503, { status: false, message: 'Service Unavailable' });
    if (request.headers['rt-uddoktapay-api-key'] !== apiKey) return json(response, 401, { status: false, message: 'Unauthorized Action' });
    const routes = ['/api/checkout-v2', '/api/verify-payment', '/api/refund-payment'];
    if (!routes.includes(path)) return json(response, 404, { status: false, message: 'Not Found' });
    if (request.method !== 'POST') return json(response, 405, { status: false, message: 'Method Not Allowed' });
    const body = await jsonBody(request);
    if (!body) return json(response, 400, { status: false, message: 'The request body must be a JSON object' });

    if (path === '/api/checkout-v2') {
      for (const field of ['full_name', 'email'] as const) {
        if (typeof body[field] !== 'string' || !body[field].trim())
          return json(response, 400, { status: false, message: `The ${field.replace('_', ' ')} field is required.` });
      }
      const amount = poishaOf(body.amount);
      if (amount === null) return json(response, 400, { status: false, message: 'The amount must be a number greater than 0.' });
      if (amount > sandboxMaxAmount * 100)
        return json(response, 400, { status: false, message: `Amount exceeds the gateway limit of ${sandboxMaxAmount} BDT` });
      const metadata = body.metadata;
      if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
        return json(response, 400, { status: false, message: 'The metadata must be a JSON object.' });
      for (const field of ['redirect_url', 'cancel_url'] as const) {
        if (!isAbsoluteUrl(body[field]))
          return json(response, 400, { status: false, message: `The ${field.replace('_', ' ')} must be a valid URL.` });
      }
      if (body.webhook_url !== undefined && body.webhook_url !== null && body.webhook_url !== '' && !isAbsoluteUrl(body.webhook_url)) {
        return json(response, 400, { status: false, message: 'The webhook url must be a valid URL.' });
      }
      const returnType =
        body.return_type === undefined || body.return_type === null || body.return_type === ''
          ? 'POST'
          : String(body.return_type).toUpperCase();
      if (returnType !== 'GET' && returnType !== 'POST')
        return json(response, 400, { status: false, message: 'The return type must be GET or POST.' });
      const token = randomBytes(20).toString('hex');
      checkouts.set(token, {
        token,
        full_name: (body.full_name as string).trim(),
        email: (body.email as string).trim(),
        amount,
        metadata: metadata as Record<string, unknown>,
        redirect_url: body.redirect_url as string,
        return_type: returnType,
        cancel_url: body.cancel_url as string,
        webhook_url: typeof body.webhook_url === 'string' ? body.webhook_url : '',
      });
      return json(response, 200, { status: true, message: 'Payment Url', payment_url: `${origin}/payment/${token}` });
    }

    if (path === '/api/verify-payment') {
      const invoice = typeof body.invoice_id === 'string' ? invoices.get(body.invoice_id) : undefined;
      return invoice
        ? json(response, 200, verifyAnswerOf(invoice))
        : json(response, 200, { status: 'ERROR', message: 'Invalid Invoice ID' });
    }

    // /api/refund-payment
    const delayed = delayedRefunds > 0;
    if (delayed) delayedRefunds -= 1;
    const answer = refund(body);
    if (delayed) await pause(refundTimeoutMs);
    return json(response, 200, answer);
  }

  function refund(body: Record<string, unknown>): { status: boolean; message: string } {
    const refusal = refusals.shift();
    if (refusal !== undefined) return { status: false, message: refusal };
    const transactionId = typeof body.transaction_id === 'string' ? body.transaction_id.trim() : '';
    const invoice = transactionId ? [...invoices.values()].find((candidate) => candidate.transaction_id === transactionId) : undefined;
    if (!invoice || invoice.status === 'PENDING' || invoice.status === 'ERROR') return { status: false, message: 'Transaction not found' };
    if (invoice.status === 'REFUNDED' || invoice.refunded >= invoice.checkout.amount)
      return { status: false, message: 'Payment already refunded' };
    const amount = poishaOf(body.amount);
    if (amount === null || amount > invoice.checkout.amount - invoice.refunded) return { status: false, message: 'Invalid refund amount' };
    if (typeof body.payment_method !== 'string' || body.payment_method.trim().toLowerCase() !== invoice.payment_method)
      return { status: false, message: 'Payment method mismatch' };
    for (const field of ['product_name', 'reason'] as const) {
      if (typeof body[field] !== 'string' || !body[field].trim())
        return { status: false, message: `The ${field.replace('_', ' ')} field is required.` };
    }
    invoice.refunded += amount;
    if (invoice.refunded >= invoice.checkout.amount) invoice.status = 'REFUNDED';
    refunds.push({
      transaction_id: invoice.transaction_id,
      invoice_id: invoice.invoice_id,
      amount: decimal(amount),
      reason: (body.reason as string).trim(),
      product_name: (body.product_name as string).trim(),
      at: new Date().toISOString(),
    });
    return { status: true, message: 'Refund successful' };
  }

  async function handlePayment(request: IncomingMessage, response: ServerResponse, url: URL, token: string, action: string | undefined) {
    const checkout = checkouts.get(token);
    if (!checkout) return html(response, 404, messagePage('Invalid payment link', 'This payment link does not exist or has expired.'));
    if (!action) {
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return html(response, 405, messagePage('Not allowed', 'Use the buttons on the payment page.'));
      const status = checkout.invoice?.status;
      if (status === 'COMPLETED') return html(response, 200, donePage(checkout));
      if (status === 'ERROR' || status === 'REFUNDED')
        return html(
          response,
          200,
          messagePage(status === 'ERROR' ? 'Payment failed' : 'Payment refunded', 'This payment cannot be made again.'),
        );
      return html(response, 200, paymentPage(checkout));
    }
    if (request.method !== 'POST') return html(response, 405, messagePage('Not allowed', 'Use the buttons on the payment page.'));
    const form = new URLSearchParams(await readText(request));

    if (action === 'cancel') return response.writeHead(303, { location: checkout.cancel_url }).end();
    if (action === 'pay' || action === 'pending') {
      const result = act(checkout, form, action === 'pay' ? 'COMPLETED' : 'PENDING');
      if ('refusal' in result) return html(response, 409, messagePage('Payment not possible', result.refusal));
      const { invoice, changed } = result;
      if (invoice.status === 'PENDING') return html(response, 200, pendingPage(invoice));
      if (changed && autoWebhook) await sendWebhook(invoice);
      return returnToShop(response, invoice);
    }
    if (action === 'complete') {
      const result = act(checkout, form, 'COMPLETED');
      if ('refusal' in result) return json(response, 409, { status: false, message: result.refusal });
      if (url.searchParams.get('webhook') !== '0') await sendWebhook(result.invoice);
      return response.writeHead(303, { location: withInvoiceId(checkout.redirect_url, result.invoice.invoice_id) }).end();
    }
    if (action === 'fail') {
      const result = act(checkout, form, 'ERROR');
      if ('refusal' in result) return json(response, 409, { status: false, message: result.refusal });
      return json(response, 200, verifyAnswerOf(result.invoice));
    }
    return html(response, 404, messagePage('Not found', 'No such page.'));
  }

  async function handlePanel(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    invoiceId: string | undefined,
    action: string | undefined,
  ) {
    if (!invoiceId) {
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return json(response, 405, { status: false, message: 'Method Not Allowed' });
      return html(
        response,
        200,
        panelPage(
          [...invoices.values()].reverse(),
          [...checkouts.values()].filter((c) => !c.invoice).length,
          url.searchParams.get('error'),
        ),
      );
    }
    const wantsJson = (request.headers.accept ?? '').includes('application/json');
    const refuse = (status: number, message: string) =>
      wantsJson
        ? json(response, status, { status: false, message })
        : response.writeHead(303, { location: `/panel?error=${encodeURIComponent(message)}` }).end();
    if (request.method !== 'POST') return refuse(405, 'Method Not Allowed');
    await readText(request);
    const invoice = invoices.get(invoiceId);
    if (!invoice) return refuse(404, 'Invalid Invoice ID');
    let webhook: number | null = null;
    if (action === 'approve') {
      if (invoice.status !== 'PENDING') return refuse(409, `Only a pending payment can be approved; this one is ${invoice.status}`);
      invoice.status = 'COMPLETED';
      if (autoWebhook) webhook = await sendWebhook(invoice);
    } else if (action === 'reject') {
      if (invoice.status !== 'PENDING') return refuse(409, `Only a pending payment can be rejected; this one is ${invoice.status}`);
      invoice.status = 'ERROR';
    } else if (action === 'webhook') {
      if (!invoice.checkout.webhook_url) return refuse(409, 'This payment has no webhook URL');
      webhook = await sendWebhook(invoice);
    } else {
      return refuse(404, 'Not Found');
    }
    if (wantsJson) return json(response, 200, { status: true, invoice: verifyAnswerOf(invoice), webhook });
    return response.writeHead(303, { location: '/panel' }).end();
  }

  async function handleTest(request: IncomingMessage, response: ServerResponse, path: string) {
    if (request.method === 'GET' && path === '/test/refunds') return json(response, 200, refunds);
    if (request.method === 'GET' && path === '/test/invoices') {
      return json(
        response,
        200,
        [...invoices.values()].map((invoice) => ({ ...verifyAnswerOf(invoice), token: invoice.checkout.token })),
      );
    }
    if (request.method !== 'POST') return json(response, 404, { status: false, message: 'Not Found' });
    const body = (await jsonBody(request)) ?? {};
    if (path === '/test/outage') {
      outage = body.down === true;
      return json(response, 200, { down: outage });
    }
    if (path === '/test/refund-timeout') {
      const count = Number(body.count ?? 1);
      delayedRefunds = Number.isInteger(count) && count > 0 ? count : 0;
      return json(response, 200, { count: delayedRefunds, timeout_ms: refundTimeoutMs });
    }
    if (path === '/test/verifies-refunds') {
      verifiesRefunds = body.on === true;
      return json(response, 200, { on: verifiesRefunds });
    }
    if (path === '/test/refund-refuse') {
      refusals.push(typeof body.message === 'string' && body.message ? body.message : 'Refund refused');
      return json(response, 200, { queued: refusals.length });
    }
    return json(response, 404, { status: false, message: 'Not Found' });
  }

  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', origin);
      const path = url.pathname.replace(/\/+$/, '') || '/';
      const [, area, id, action, ...rest] = path.split('/');
      if (rest.length === 0 && area === 'payment' && id) return await handlePayment(request, response, url, id, action);
      if (area === 'api') return await handleApi(request, response, path);
      if (rest.length === 0 && area === 'panel') return await handlePanel(request, response, url, id, action);
      if (area === 'test') return await handleTest(request, response, path);
      if (path === '/') return response.writeHead(303, { location: '/panel' }).end();
      return html(response, 404, messagePage('Not found', 'No such page.'));
    } catch (error) {
      console.error('sandbox gateway: request failed', error);
      if (!response.headersSent) json(response, 500, { status: false, message: 'Server Error' });
      else response.end();
    }
  });

  origin = await listenOnLoopback(server, port);
  return {
    url: origin,
    stop: () =>
      new Promise<void>((done) => {
        releaseAll();
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

const styles = `body{font-family:system-ui,Arial,sans-serif;background:#eef2f7;margin:0;color:#1d2433}
main{background:#fff;border-radius:14px;padding:28px;width:min(440px,92vw);margin:6vh auto;box-shadow:0 6px 24px #0002}
h1{font-size:20px;margin:0 0 4px}.amount{font-size:36px;font-weight:700;margin:14px 0}.muted{color:#667085;margin:4px 0}
.methods{display:grid;grid-template-columns:1fr 1fr;gap:8px;margin:16px 0;border:0;padding:0}
.method{border:1px solid #d0d5dd;border-radius:10px;padding:10px;cursor:pointer}.method:has(input:checked){border-color:#e2136e;background:#fdf0f6}
label{display:block;margin-top:10px}input[type=tel],input[type=text]{width:100%;padding:10px;border:1px solid #d0d5dd;border-radius:8px;box-sizing:border-box;margin-top:6px;font-size:15px}
.row{display:flex;gap:8px;margin-top:20px}button{flex:1;padding:12px 8px;border-radius:8px;border:0;font-size:15px;cursor:pointer}
.pay{background:#e2136e;color:#fff}.pending{background:#fff4e5;color:#8a4b00}.cancel{background:#eef0f5;color:#223}
.badge{display:inline-block;padding:2px 8px;border-radius:99px;font-size:12px;font-weight:600}
.PENDING{background:#fff4e5;color:#8a4b00}.COMPLETED{background:#e7f7ee;color:#05603a}.ERROR{background:#fdecec;color:#b42318}.REFUNDED{background:#eef0f5;color:#344054}`;

const layout = (title: string, body: string, extraStyle = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${styles}${extraStyle}</style></head><body>${body}</body></html>`;

/** The hosted payment page: amount, payer, a method, the sender's number; Pay, Leave pending, Cancel. */
function paymentPage(checkout: Checkout): string {
  const base = `/payment/${checkout.token}`;
  const options = methods
    .map(
      (m, i) =>
        `<label class="method"><input type="radio" name="payment_method" value="${m}"${i === 0 ? ' checked' : ''}> ${methodNames[m]}</label>`,
    )
    .join('');
  return layout(
    `Pay ৳${decimal(checkout.amount)} – Sandbox gateway`,
    `<main><h1>Sandbox payment gateway</h1><p class="muted">Paying as ${escapeHtml(checkout.full_name)}</p>
<p class="amount">৳${decimal(checkout.amount)}</p>
<form method="post" action="${base}/pay">
<fieldset class="methods"><legend class="muted">Pay with</legend>${options}</fieldset>
<label for="sender">Sender number<input id="sender" name="sender_number" type="tel" inputmode="numeric" placeholder="01XXXXXXXXX" autocomplete="tel"></label>
<label for="trx">Transaction ID (optional)<input id="trx" name="transaction_id" type="text" placeholder="e.g. 8N7A6D5F4G" autocomplete="off"></label>
<div class="row"><button class="pay" type="submit" formaction="${base}/pay">Pay</button>
<button class="pending" type="submit" formaction="${base}/pending">Leave pending</button>
<button class="cancel" type="submit" formaction="${base}/cancel" formnovalidate>Cancel</button></div>
</form></main>`,
  );
}

/** The gateway's own page for a payment it cannot confirm yet; the payer stays here. */
function pendingPage(invoice: Invoice): string {
  return layout(
    'Payment pending – Sandbox gateway',
    `<main><h1>Payment pending — the merchant will confirm it</h1>
<p class="amount">৳${decimal(invoice.checkout.amount)}</p>
<p class="muted">Invoice ${escapeHtml(invoice.invoice_id)} · ${escapeHtml(methodNames[invoice.payment_method] ?? invoice.payment_method)} from ${escapeHtml(invoice.sender_number)} · TrxID ${escapeHtml(invoice.transaction_id)}</p>
<p>Your payment has been received and is waiting for the merchant to check it. This can take a while; you may close this page.</p></main>`,
  );
}

/** A token whose payment is already completed: a button back to the merchant. */
function donePage(checkout: Checkout): string {
  return layout(
    'Payment completed – Sandbox gateway',
    `<main><h1>Payment completed</h1><p class="amount">৳${decimal(checkout.amount)}</p>
<form method="post" action="/payment/${checkout.token}/pay"><div class="row"><button class="pay" type="submit">Return to the merchant</button></div></form></main>`,
  );
}

/** return_type POST: the browser posts `invoice_id` to the redirect URL by itself. */
function postReturnPage(redirectUrl: string, invoiceId: string): string {
  return layout(
    'Returning to the merchant…',
    `<main><h1>Payment completed</h1><p class="muted">Returning to the merchant…</p>
<form id="return" method="post" action="${escapeHtml(redirectUrl)}"><input type="hidden" name="invoice_id" value="${escapeHtml(invoiceId)}">
<noscript><div class="row"><button class="pay" type="submit">Continue</button></div></noscript></form>
<script>document.getElementById('return').submit();</script></main>`,
  );
}

function messagePage(title: string, text: string): string {
  return layout(`${title} – Sandbox gateway`, `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main>`);
}

/** The merchant's panel: every invoice, with approve/reject for pending ones and "Send webhook request". */
function panelPage(invoices: Invoice[], unpaidLinks: number, error: string | null): string {
  const rows = invoices
    .map((invoice) => {
      const base = `/panel/${invoice.invoice_id}`;
      const button = (action: string, label: string) =>
        `<form method="post" action="${base}/${action}"><button class="${action}" type="submit">${label}</button></form>`;
      const actions = [
        invoice.status === 'PENDING' ? button('approve', 'Approve') : '',
        invoice.status === 'PENDING' ? button('reject', 'Reject') : '',
        invoice.checkout.webhook_url ? button('webhook', 'Send webhook request') : '',
      ].join('');
      const refunded = invoice.refunded ? `<br><span class="muted">refunded ৳${decimal(invoice.refunded)}</span>` : '';
      return `<tr><td><code>${escapeHtml(invoice.invoice_id)}</code><br><span class="muted">${escapeHtml(invoice.date)}</span></td>
<td>৳${decimal(invoice.checkout.amount)}${refunded}</td><td><span class="badge ${invoice.status}">${invoice.status}</span></td>
<td>${escapeHtml(methodNames[invoice.payment_method] ?? invoice.payment_method)}<br><span class="muted">${escapeHtml(invoice.sender_number)} · ${escapeHtml(invoice.transaction_id)}</span></td>
<td><code>${escapeHtml(JSON.stringify(invoice.checkout.metadata))}</code></td><td class="actions">${actions}</td></tr>`;
    })
    .join('');
  return layout(
    'Transactions – Sandbox gateway',
    `<main class="wide"><h1>Sandbox gateway · Transactions</h1>
<p class="muted">${invoices.length} invoice(s); ${unpaidLinks} payment link(s) not acted on yet.</p>
${error ? `<p class="error">${escapeHtml(error)}</p>` : ''}
<table><thead><tr><th>Invoice</th><th>Amount</th><th>Status</th><th>Method</th><th>Metadata</th><th></th></tr></thead>
<tbody>${rows || '<tr><td colspan="6" class="muted">No invoices yet.</td></tr>'}</tbody></table></main>`,
    `main.wide{width:min(1100px,96vw)}table{width:100%;border-collapse:collapse;font-size:14px;margin-top:12px}
th,td{text-align:left;padding:8px;border-bottom:1px solid #eaecf0;vertical-align:top}code{font-size:12px;word-break:break-all}
.actions form{display:inline-block;margin:0 4px 4px 0}.actions button{padding:6px 10px;font-size:13px}
.approve{background:#12b76a;color:#fff}.reject{background:#f04438;color:#fff}.webhook{background:#eef0f5;color:#223}
.error{background:#fdecec;color:#b42318;padding:8px 12px;border-radius:8px}`,
  );
}
