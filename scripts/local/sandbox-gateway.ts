import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { type LocalService, escapeHtml, listen, readText } from './local-service';

interface Invoice {
  invoice_id: string;
  full_name: string;
  email: string;
  amount: string;
  fee: string;
  charged_amount: string;
  metadata: Record<string, unknown>;
  payment_method: string;
  sender_number: string;
  transaction_id: string;
  date: string;
  status: 'PENDING' | 'COMPLETED' | 'ERROR';
  redirect_url: string;
  cancel_url: string;
  webhook_url: string;
}

/** The largest checkout the sandbox accepts; above it, it refuses as a real gateway's limit would. */
export const sandboxMaxAmount = 100_000;

const methods = ['bkash', 'nagad', 'rocket', 'upay'];

/** The verify answer (and the webhook body): the invoice without our redirect addresses. */
function verifyAnswer(invoice: Invoice) {
  const { redirect_url: _redirect, cancel_url: _cancel, webhook_url: _webhook, ...answer } = invoice;
  return answer;
}

/**
 * The local stack's sandbox payment gateway, compatible with UddoktaPay's API as the contract
 * pins it: `POST /api/checkout-v2` and `POST /api/verify-payment` (API key header), the hosted
 * page `GET /pay/{invoice}` with Pay and Cancel, `POST /pay/{invoice}/complete` (webhook unless
 * `?webhook=0`, then 303 to the redirect URL with the invoice id) and `POST /pay/{invoice}/cancel`.
 * Beyond the contract, for tests: `POST /pay/{invoice}/fail` marks a payment ERROR, and
 * `POST /test/outage` with `{"down": true}` makes its API answer 503 until `{"down": false}`.
 * Invoices live in memory.
 */
export async function startSandboxGateway(apiKey: string): Promise<LocalService> {
  const invoices = new Map<string, Invoice>();
  let origin = '';
  let outage = false;

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', origin);
    const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const see = (location: string) => response.writeHead(303, { location }).end();
    try {
      if (url.pathname === '/test/outage' && request.method === 'POST') {
        outage = (JSON.parse((await readText(request)) || '{}') as { down?: boolean }).down === true;
        return json(200, { down: outage });
      }
      if (url.pathname.startsWith('/api/')) {
        if (outage) return json(503, { status: false, message: 'Service Unavailable' });
        if (request.headers['rt-uddoktapay-api-key'] !== apiKey) return json(401, { status: false, message: 'Unauthorized Action' });
        const body = JSON.parse((await readText(request)) || '{}') as Record<string, unknown>;
        if (url.pathname === '/api/checkout-v2' && request.method === 'POST') {
          const amount = Number(body.amount);
          if (!Number.isFinite(amount) || amount <= 0) return json(400, { status: false, message: 'Invalid amount' });
          if (amount > sandboxMaxAmount) return json(400, { status: false, message: `Amount exceeds the gateway limit of ${sandboxMaxAmount} BDT` });
          const invoiceId = randomBytes(10).toString('hex').toUpperCase();
          invoices.set(invoiceId, {
            invoice_id: invoiceId,
            full_name: String(body.full_name ?? ''),
            email: String(body.email ?? ''),
            amount: amount.toFixed(2),
            fee: '0.00',
            charged_amount: amount.toFixed(2),
            metadata: (body.metadata ?? {}) as Record<string, unknown>,
            payment_method: '',
            sender_number: '',
            transaction_id: '',
            date: new Date().toISOString().replace('T', ' ').slice(0, 19),
            status: 'PENDING',
            redirect_url: String(body.redirect_url ?? ''),
            cancel_url: String(body.cancel_url ?? ''),
            webhook_url: String(body.webhook_url ?? ''),
          });
          return json(200, { status: true, message: 'Payment Url', payment_url: `${origin}/pay/${invoiceId}` });
        }
        if (url.pathname === '/api/verify-payment' && request.method === 'POST') {
          const invoice = invoices.get(String(body.invoice_id ?? ''));
          return invoice ? json(200, verifyAnswer(invoice)) : json(400, { status: false, message: 'Invalid invoice id' });
        }
        return json(404, { status: false, message: 'Not found' });
      }

      const [, pay, invoiceId, action] = url.pathname.split('/');
      const invoice = pay === 'pay' && invoiceId ? invoices.get(invoiceId) : undefined;
      if (!invoice) return response.writeHead(404, { 'content-type': 'text/plain' }).end('No such invoice');
      if (!action && request.method === 'GET') {
        return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(paymentPage(invoice));
      }
      if (request.method !== 'POST') return response.writeHead(405).end();
      if (action === 'cancel') return see(invoice.cancel_url);
      if (action === 'fail') {
        invoice.status = 'ERROR';
        return json(200, verifyAnswer(invoice));
      }
      if (action === 'complete') {
        const form = new URLSearchParams(await readText(request));
        if (invoice.status === 'PENDING') {
          const method = form.get('payment_method') ?? '';
          invoice.status = 'COMPLETED';
          invoice.payment_method = methods.includes(method) ? method : 'bkash';
          invoice.sender_number = form.get('sender_number') || '01700000000';
          invoice.transaction_id = randomBytes(5).toString('hex').toUpperCase();
        }
        if (url.searchParams.get('webhook') !== '0' && invoice.webhook_url) {
          await fetch(invoice.webhook_url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'RT-UDDOKTAPAY-API-KEY': apiKey },
            body: JSON.stringify(verifyAnswer(invoice)),
          }).catch((error: unknown) => console.error('sandbox gateway: webhook failed', error));
        }
        const back = new URL(invoice.redirect_url);
        back.searchParams.set('invoice_id', invoice.invoice_id);
        return see(back.toString());
      }
      return response.writeHead(404).end();
    } catch (error) {
      return json(400, { status: false, message: error instanceof Error ? error.message : 'Bad request' });
    }
  });
  const service = await listen(server);
  origin = service.url;
  return service;
}

/** The hosted payment page: amount, a method, the payer's number, Pay and Cancel. */
function paymentPage(invoice: Invoice): string {
  const options = methods.map((m, i) => `<label class="method"><input type="radio" name="payment_method" value="${m}"${i === 0 ? ' checked' : ''}> ${m[0]!.toUpperCase()}${m.slice(1)}</label>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ৳${escapeHtml(invoice.amount)} – Sandbox gateway</title>
<style>body{font-family:Arial,sans-serif;background:#eef2f7;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;padding:28px;width:min(420px,92vw);box-shadow:0 4px 20px #0002}
h1{font-size:20px;margin:0 0 4px}.amount{font-size:34px;font-weight:700;margin:12px 0}.muted{color:#667}
.methods{display:grid;grid-template-columns:1fr 1fr;gap:8px;margin:16px 0}.method{border:1px solid #ccd;border-radius:8px;padding:10px;cursor:pointer}
label{display:block}input[type=tel]{width:100%;padding:10px;border:1px solid #ccd;border-radius:8px;box-sizing:border-box;margin-top:6px}
.row{display:flex;gap:10px;margin-top:18px}button{flex:1;padding:12px;border-radius:8px;border:0;font-size:16px;cursor:pointer}
.pay{background:#e2136e;color:#fff}.cancel{background:#eef;color:#223}</style></head>
<body><main><h1>Sandbox payment gateway</h1><p class="muted">Invoice ${escapeHtml(invoice.invoice_id)} · ${escapeHtml(invoice.full_name)}</p>
<p class="amount">৳${escapeHtml(invoice.amount)}</p>
<form method="post" action="/pay/${escapeHtml(invoice.invoice_id)}/complete">
<div class="methods">${options}</div>
<label for="sender">Sender number<input id="sender" name="sender_number" type="tel" placeholder="01XXXXXXXXX"></label>
<div class="row"><button class="cancel" type="submit" formaction="/pay/${escapeHtml(invoice.invoice_id)}/cancel">Cancel</button><button class="pay" type="submit">Pay</button></div>
</form></main></body></html>`;
}
