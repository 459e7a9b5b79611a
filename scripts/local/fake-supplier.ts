import { createHash, createHmac, randomInt } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { escapeHtml, html, json, jsonBody, listenOnLoopback, pauses } from './local-service';

export interface FakeSupplierOptions {
  username: string;
  apiKey: string;
  webhookSecret: string;
  /** Default webhook URL when a request carries no cb_url (Digiflazz's "static webhook"). */
  webhookUrl?: string;
  /** SKU → our price in whole units */
  products: Record<string, number>;
  balance?: number /* default 1_000_000 */;
  callbackDelayMs?: number /* default 3000 */;
  slowMs?: number /* default 8000 */;
  port?: number /* default 0 */;
}

export interface FakeSupplier {
  url: string;
  stop(): Promise<void>;
  /** times each ref_id was delivered (became Sukses) */
  deliveries(refId: string): number;
  setWebhookUrl(url: string): void;
}

type Status = 'Sukses' | 'Pending' | 'Gagal';

/** A formed transaction: one per ref_id, kept in memory. */
interface Transaction {
  ref_id: string;
  customer_no: string;
  buyer_sku_code: string;
  price: number;
  status: Status;
  rc: string;
  message: string;
  sn: string;
  /** The balance right after the transaction's last change of state. */
  buyer_last_saldo: number;
  cb_url?: string;
  /** How many times it became Sukses: the one number a double delivery would show. */
  deliveries: number;
  /** How many times the ref_id was posted (the first call and every status check). */
  posts: number;
}

/** The seller's contacts, which Digiflazz sends with every transaction. */
const seller = { tele: 'fake_supplier', wa: '6280000000000' };
const messages = {
  '00': 'Transaksi Sukses',
  '02': 'Transaksi Gagal',
  '03': 'Transaksi Pending',
  '40': 'Payload Error',
  '41': 'Signature tidak valid',
  '42': 'Gagal memproses API Buyer',
  '43': 'SKU tidak di temukan atau Non-Aktif',
  '44': 'Saldo tidak cukup',
  '49': 'Ref ID tidak unik',
  '54': 'Nomor Tujuan Salah',
} as const;
type Rc = keyof typeof messages;
const maxPriceMessage = 'Harga seller lebih besar dari ketentuan harga Buyer';
/** Attempts after the first when the receiver fails, and the wait before each. */
const webhookRetries = 3;
const webhookRetryMs = 1000;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const serial = () => Array.from({ length: 20 }, () => randomInt(10)).join('');
const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isAbsoluteUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** A transaction as Digiflazz answers it, in the transaction call and in the webhook. */
const view = (t: Transaction) => ({
  ref_id: t.ref_id,
  customer_no: t.customer_no,
  buyer_sku_code: t.buyer_sku_code,
  message: t.message,
  status: t.status,
  rc: t.rc,
  sn: t.sn,
  buyer_last_saldo: t.buyer_last_saldo,
  price: t.price,
  ...seller,
});

/**
 * The local stand-in for the top-up supplier, speaking the Digiflazz buyer API as its documentation
 * describes it (developer.digiflazz.com/api/buyer). Transactions live in memory.
 *
 * - `POST /v1/transaction` `{username, buyer_sku_code, customer_no, ref_id, sign, testing?, max_price?,
 *   cb_url?}`, sign = md5(username + apiKey + ref_id) → `{data: {ref_id, customer_no, buyer_sku_code,
 *   message, status, rc, sn, buyer_last_saldo, price, tele, wa}}`. A refusal that forms no transaction
 *   (rc 40–49, and a price above `max_price`: rc 02) answers 400 with status Gagal and records and
 *   charges nothing; a formed transaction answers 200. Posting the same ref_id again is Digiflazz's
 *   status check: the transaction's current state, never a second delivery or charge; the same ref_id
 *   for another SKU or number → rc 49. A transaction is charged its price once, when it becomes Sukses.
 * - The outcome follows the last digit of customer_no, as the shop's contract pins it: `0` Gagal rc 54;
 *   `8` Gagal rc 02; `7` Sukses, but the first call's connection is dropped without an answer; `9`
 *   Pending rc 03, Sukses after `callbackDelayMs` with a webhook; `6` Sukses at once, but the first
 *   call answers only after `slowMs`; any other Sukses at once with a 20-digit serial (sn).
 * - `POST /v1/cek-saldo` `{cmd: "deposit", username, sign}`, sign = md5(username + apiKey + "depo") →
 *   `{data: {deposit}}`.
 * - `POST /v1/player-lookup` `{username, game, player_id, sign}`, sign = md5(username + apiKey +
 *   player_id): not Digiflazz's, the shop's contract defines it → `{data: {player_name, region}}`,
 *   an id ending in `0` → 404 `{data: {message: "Player not found"}}`.
 *
 * The webhook (Digiflazz's "Webhooks"): when a Pending transaction resolves, a POST of `{data: …the
 * transaction…}` to its cb_url, else the static webhook URL, signed `X-Hub-Signature: sha1=<HMAC-SHA1
 * of the body with webhookSecret>`. A non-2xx answer or an unreachable receiver is retried
 * {@link webhookRetries} times, a second apart, so a receiver may see the same callback twice.
 *
 * Shortcuts for tests and the curious, outside the API: `GET /test/transactions` (every transaction
 * with its deliveries and posts), `POST /test/down` `{"down": true|false}` (every `/v1/` call answers
 * 503 while down), `POST /test/balance` `{"deposit": n}`, and `GET /`, a page listing the transactions.
 */
export async function startFakeSupplier(options: FakeSupplierOptions): Promise<FakeSupplier> {
  const { username, apiKey, webhookSecret, products, callbackDelayMs = 3000, slowMs = 8000, port = 0 } = options;
  let balance = options.balance ?? 1_000_000;
  let webhookUrl = options.webhookUrl;
  let down = false;
  const transactions = new Map<string, Transaction>();
  /** Stops what is still scheduled (callbacks, retries, slow answers) and in flight (webhooks) on stop(). */
  const stopping = new AbortController();
  const { pause, releaseAll } = pauses();

  function succeed(transaction: Transaction) {
    balance -= transaction.price;
    Object.assign(transaction, { status: 'Sukses', rc: '00', message: messages['00'], sn: serial(), buyer_last_saldo: balance });
    transaction.deliveries += 1;
  }

  /** POSTs the transaction to its cb_url or the static URL, retrying a failure; logs, never throws. */
  async function sendWebhook(transaction: Transaction) {
    const url = transaction.cb_url ?? webhookUrl;
    if (!url) return;
    const body = JSON.stringify({ data: view(transaction) });
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Digiflazz-Hookshot',
      'x-digiflazz-event': 'update',
      'x-hub-signature': `sha1=${createHmac('sha1', webhookSecret).update(body).digest('hex')}`,
    };
    let failure = '';
    for (let attempt = 0; attempt <= webhookRetries; attempt += 1) {
      if (attempt > 0) await pause(webhookRetryMs);
      if (stopping.signal.aborted) return;
      try {
        const answer = await fetch(url, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(10_000)]),
        });
        await answer.arrayBuffer().catch(() => undefined);
        if (answer.ok) return;
        failure = `HTTP ${answer.status}`;
      } catch (error) {
        if (stopping.signal.aborted) return;
        failure = String(error);
      }
    }
    console.error(`fake supplier: webhook for ${transaction.ref_id} to ${url} failed ${webhookRetries + 1} times (last: ${failure})`);
  }

  /** A refusal that forms no transaction: 400, status Gagal, nothing recorded or charged. */
  function refuse(response: ServerResponse, body: Record<string, unknown>, rc: Rc, message: string = messages[rc]) {
    const text = (field: string) => (typeof body[field] === 'string' ? body[field] : '');
    json(response, 400, {
      data: {
        ref_id: text('ref_id'),
        customer_no: text('customer_no'),
        buyer_sku_code: text('buyer_sku_code'),
        message,
        status: 'Gagal',
        rc,
        sn: '',
        buyer_last_saldo: balance,
        price: 0,
        ...seller,
      },
    });
  }

  async function transact(request: IncomingMessage, response: ServerResponse, body: Record<string, unknown>) {
    const { ref_id: refId, customer_no: customerNo, buyer_sku_code: sku, max_price: maxPrice, cb_url: cbUrl } = body;
    if (!nonEmpty(refId) || !nonEmpty(customerNo) || !nonEmpty(sku) || !nonEmpty(body.username) || !nonEmpty(body.sign))
      return refuse(response, body, '40');
    const limit = maxPrice === undefined || maxPrice === null || maxPrice === '' ? null : Number(maxPrice);
    if (limit !== null && !Number.isFinite(limit)) return refuse(response, body, '40');
    if (cbUrl !== undefined && cbUrl !== null && cbUrl !== '' && !(typeof cbUrl === 'string' && isAbsoluteUrl(cbUrl)))
      return refuse(response, body, '40');
    if (body.username !== username) return refuse(response, body, '42');
    if (body.sign !== md5(username + apiKey + refId)) return refuse(response, body, '41');

    const existing = transactions.get(refId);
    if (existing) {
      if (existing.buyer_sku_code !== sku || existing.customer_no !== customerNo) return refuse(response, body, '49');
      existing.posts += 1;
      return json(response, 200, { data: view(existing) });
    }
    const price = Object.hasOwn(products, sku) ? products[sku] : undefined;
    if (price === undefined) return refuse(response, body, '43');
    if (limit !== null && price > limit) return refuse(response, body, '02', maxPriceMessage);
    if (balance < price) return refuse(response, body, '44');

    const transaction: Transaction = {
      ref_id: refId,
      customer_no: customerNo,
      buyer_sku_code: sku,
      price,
      status: 'Pending',
      rc: '03',
      message: messages['03'],
      sn: '',
      buyer_last_saldo: balance,
      ...(nonEmpty(cbUrl) ? { cb_url: cbUrl } : {}),
      deliveries: 0,
      posts: 1,
    };
    transactions.set(refId, transaction);
    const digit = customerNo.at(-1);
    if (digit === '0' || digit === '8') {
      const rc = digit === '0' ? '54' : '02';
      Object.assign(transaction, { status: 'Gagal', rc, message: messages[rc] });
    } else if (digit === '9') {
      void pause(callbackDelayMs).then(() => {
        if (stopping.signal.aborted) return;
        succeed(transaction);
        return sendWebhook(transaction);
      });
    } else {
      succeed(transaction);
    }
    if (digit === '7') {
      request.socket.destroy();
      return;
    }
    if (digit === '6') await pause(slowMs);
    json(response, 200, { data: view(transaction) });
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse, path: string) {
    if (down) return json(response, 503, { data: { message: 'Service Unavailable' } });
    const routes = ['/v1/transaction', '/v1/cek-saldo', '/v1/player-lookup'];
    if (!routes.includes(path)) return json(response, 404, { data: { message: 'Not Found' } });
    if (request.method !== 'POST') return json(response, 405, { data: { message: 'Method Not Allowed' } });
    const body = await jsonBody(request);
    if (!body) return json(response, 400, { data: { rc: '40', message: messages['40'] } });
    if (path === '/v1/transaction') return await transact(request, response, body);

    const refusal = (rc: Rc) => json(response, 400, { data: { rc, message: messages[rc] } });
    if (path === '/v1/cek-saldo') {
      if (body.cmd !== 'deposit' || !nonEmpty(body.username) || !nonEmpty(body.sign)) return refusal('40');
      if (body.username !== username) return refusal('42');
      if (body.sign !== md5(`${username}${apiKey}depo`)) return refusal('41');
      return json(response, 200, { data: { deposit: balance } });
    }
    const playerId = body.player_id;
    if (!nonEmpty(body.game) || !nonEmpty(playerId) || !nonEmpty(body.username) || !nonEmpty(body.sign)) return refusal('40');
    if (body.username !== username) return refusal('42');
    if (body.sign !== md5(username + apiKey + playerId)) return refusal('41');
    if (playerId.endsWith('0')) return json(response, 404, { data: { message: 'Player not found' } });
    return json(response, 200, { data: { player_name: `Player${playerId.slice(-4)}`, region: 'BD' } });
  }

  async function handleTest(request: IncomingMessage, response: ServerResponse, path: string) {
    if (request.method === 'GET' && path === '/test/transactions') {
      return json(response, 200, [...transactions.values()]);
    }
    if (request.method !== 'POST') return json(response, 404, { message: 'Not Found' });
    const body = (await jsonBody(request)) ?? {};
    if (path === '/test/down') {
      down = body.down === true;
      return json(response, 200, { down });
    }
    if (path === '/test/balance') {
      const deposit = Number(body.deposit);
      if (!Number.isFinite(deposit)) return json(response, 400, { message: 'deposit must be a number' });
      balance = deposit;
      return json(response, 200, { deposit: balance });
    }
    return json(response, 404, { message: 'Not Found' });
  }

  const server = createServer(async (request, response) => {
    try {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname.replace(/\/+$/, '') || '/';
      if (path.startsWith('/v1/')) return await handleApi(request, response, path);
      if (path.startsWith('/test/')) return await handleTest(request, response, path);
      if (path === '/' && (request.method === 'GET' || request.method === 'HEAD'))
        return html(response, 200, transactionsPage([...transactions.values()].reverse(), balance, down));
      return json(response, 404, { message: 'Not Found' });
    } catch (error) {
      console.error('fake supplier: request failed', error);
      if (!response.headersSent) json(response, 500, { data: { message: 'Server Error' } });
      else response.end();
    }
  });

  const url = await listenOnLoopback(server, port);
  return {
    url,
    deliveries: (refId) => transactions.get(refId)?.deliveries ?? 0,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    stop: () =>
      new Promise<void>((done) => {
        stopping.abort();
        releaseAll();
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/** The operator's view: the balance and every transaction, newest first. */
function transactionsPage(transactions: Transaction[], balance: number, down: boolean): string {
  const rows = transactions
    .map(
      (t) => `<tr><td><code>${escapeHtml(t.ref_id)}</code></td><td>${escapeHtml(t.buyer_sku_code)}</td><td>${escapeHtml(t.customer_no)}</td>
<td>${t.price}</td><td><span class="badge ${t.status}">${t.status}</span> ${t.rc} ${escapeHtml(t.message)}</td><td><code>${escapeHtml(t.sn)}</code></td>
<td>${t.deliveries}</td><td>${t.posts}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Transactions – Fake supplier</title><style>body{font-family:system-ui,Arial,sans-serif;background:#eef2f7;margin:0;color:#1d2433}
main{background:#fff;border-radius:14px;padding:28px;width:min(1100px,96vw);margin:4vh auto;box-shadow:0 6px 24px #0002}
h1{font-size:20px;margin:0 0 4px}.muted{color:#667085}table{width:100%;border-collapse:collapse;font-size:14px;margin-top:12px}
th,td{text-align:left;padding:8px;border-bottom:1px solid #eaecf0;vertical-align:top}code{font-size:12px;word-break:break-all}
.badge{display:inline-block;padding:2px 8px;border-radius:99px;font-size:12px;font-weight:600}
.Pending{background:#fff4e5;color:#8a4b00}.Sukses{background:#e7f7ee;color:#05603a}.Gagal{background:#fdecec;color:#b42318}</style></head>
<body><main><h1>Fake supplier · Transactions</h1>
<p class="muted">Balance ${balance}${down ? ' · <strong>down</strong>: every /v1/ call answers 503' : ''} · ${transactions.length} transaction(s)</p>
<table><thead><tr><th>Ref ID</th><th>SKU</th><th>Customer</th><th>Price</th><th>Status</th><th>SN</th><th>Deliveries</th><th>Posts</th></tr></thead>
<tbody>${rows || '<tr><td colspan="8" class="muted">No transactions yet.</td></tr>'}</tbody></table></main></body></html>`;
}
