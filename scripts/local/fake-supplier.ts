import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { escapeHtml, html, json, listenOnLoopback, pauses, readText } from './local-service';

export interface FakeSupplierOptions {
  username: string;
  apiKey: string;
  webhookSecret: string;
  /** The nickname lookup's own key (HMAC-SHA256 of "<timestamp>.<body>"); apart from the API key. */
  lookupKey: string;
  /** Default webhook URL when a request carries no cb_url (Digiflazz's "static webhook"). */
  webhookUrl?: string;
  /** SKU → its price in whole rupiah (Digiflazz prices in IDR). */
  products: Record<string, number>;
  balance?: number /* default 1_000_000_000 rupiah */;
  callbackDelayMs?: number /* default 3000 */;
  slowMs?: number /* default 8000 */;
  /** The least time between two calls about one ref_id; a sooner re-post answers rc 85. Default 60 000 (Digiflazz's minute). */
  callSpacingMs?: number;
  /** The caller addresses whitelisted in the "panel" (others get rc 45); default loopback. */
  whitelist?: string[];
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
  /** The max_price its first call sent (rupiah), for tests to read; null when none was sent. */
  max_price: number | null;
  /** Held Pending by `POST /test/hold` until `POST /test/resolve` says how it ends. */
  held?: boolean;
  /** When it was last posted (the first call or a status check), for the spacing between calls. */
  lastPostAt: number;
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
  '45': 'IP Anda tidak kami kenali',
  '49': 'Ref ID tidak unik',
  '54': 'Nomor Tujuan Salah',
  '69': 'Harga seller lebih besar dari ketentuan harga Buyer',
  '85': 'Anda telah mencapai limitasi transaksi, silahkan coba 1 menit lagi',
} as const;
type Rc = keyof typeof messages;
/** Attempts after the first when the receiver fails, and the wait before each. */
const webhookRetries = 3;
const webhookRetryMs = 1000;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const serial = () => Array.from({ length: 20 }, () => randomInt(10)).join('');
const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
/** A body's JSON object, or null when it is not one. */
function parseObject(text: string): Record<string, unknown> | null {
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
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
 * describes it (developer.digiflazz.com/api/buyer: Topup, Cek Status, Cek Saldo, Response Code,
 * Webhooks). Transactions live in memory; prices and the deposit are whole rupiah.
 *
 * - `POST /v1/transaction` `{username, buyer_sku_code, customer_no, ref_id, sign, testing?, max_price?,
 *   cb_url?}`, sign = md5(username + apiKey + ref_id) → `{data: {ref_id, customer_no, buyer_sku_code,
 *   message, status, rc, sn, buyer_last_saldo, price, tele, wa}}`. A call from an address not on the
 *   whitelist → rc 45. A refusal that forms no transaction (rc 40–49, and a price above `max_price`:
 *   rc 69 "Harga seller lebih besar dari ketentuan harga Buyer") answers 400 with status Gagal and
 *   records and charges nothing; a formed transaction answers 200. Posting the same ref_id again is
 *   Digiflazz's status check: the transaction's current state, never a second delivery or charge;
 *   sooner than `callSpacingMs` after the last call about it → rc 85 "Anda telah mencapai limitasi
 *   transaksi, silahkan coba 1 menit lagi" (Digiflazz advises a minute between status checks; this
 *   stand-in makes a shop that asks sooner see it); the same ref_id for another SKU or number → rc 49.
 *   A transaction is charged its price once, when it becomes Sukses.
 * - The outcome follows the last digit of customer_no, as the shop's contract pins it: `0` Gagal rc 54;
 *   `8` Gagal rc 02; `7` Sukses, but the first call's connection is dropped without an answer; `9`
 *   Pending rc 03, Sukses after `callbackDelayMs` with a webhook; `6` Sukses at once, but the first
 *   call answers only after `slowMs`; any other Sukses at once with a 20-digit serial (sn).
 * - `POST /v1/cek-saldo` `{cmd: "deposit", username, sign}`, sign = md5(username + apiKey + "depo") →
 *   `{data: {deposit}}`.
 * - `POST /v1/player-lookup` `{game, player_id}`: not Digiflazz's, the shop's own contract
 *   (docs/suppliers/player-lookup.md): signed with the lookup's own key, `x-lookup-timestamp` and
 *   `x-lookup-signature: sha256=<HMAC-SHA256 of "<timestamp>.<body>">`, five minutes' tolerance →
 *   `{data: {player_name, region}}`; an id ending in `0` → 404 `{data: {message: "Player not found"}}`;
 *   a missing or wrong signature → 401.
 *
 * The webhook (Digiflazz's "Webhooks"): when a Pending transaction resolves, a POST of `{data: …the
 * transaction…}` to its cb_url, else the static webhook URL, with `X-Digiflazz-Event: update` and
 * `X-Hub-Signature: sha1=<HMAC-SHA1 of the body with webhookSecret>`. A non-2xx answer or an
 * unreachable receiver is retried {@link webhookRetries} times, a second apart, so a receiver may see
 * the same callback twice.
 *
 * Shortcuts for tests and the curious, outside the API: `GET /test/transactions` (every transaction
 * with its deliveries, posts and the max_price it was sent with), `GET /test/lookups` (every lookup request as it arrived: headers and
 * body), `POST /test/down` `{"down": true|false}` (every `/v1/` call answers 503 while down),
 * `POST /test/balance` `{"deposit": n}`, `POST /test/whitelist` `{"addresses": [...]}`,
 * `POST /test/limit` `{"count": n}` (the next n transaction calls answer rc 85), `POST /test/hold`
 * `{"customer_no"}` (that number's next transaction stays Pending), `POST /test/resolve` `{"ref_id",
 * "status": "Sukses"|"Gagal", "rc"?}` (ends a held transaction and sends its webhook), `POST /test/ping`
 * (sends the webhook set-up ping, `X-Digiflazz-Event: ping`, to the static URL), and `GET /`, a page
 * listing the transactions.
 */
export async function startFakeSupplier(options: FakeSupplierOptions): Promise<FakeSupplier> {
  const { username, apiKey, webhookSecret, lookupKey, products, callbackDelayMs = 3000, slowMs = 8000, port = 0 } = options;
  const callSpacingMs = options.callSpacingMs ?? 60_000;
  let balance = options.balance ?? 1_000_000_000;
  let webhookUrl = options.webhookUrl;
  let whitelist = new Set(options.whitelist ?? ['127.0.0.1', '::1', '::ffff:127.0.0.1']);
  let down = false;
  let limitedCalls = 0;
  const held = new Set<string>();
  const transactions = new Map<string, Transaction>();
  const lookups: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  /** Stops what is still scheduled (callbacks, retries, slow answers) and in flight (webhooks) on stop(). */
  const stopping = new AbortController();
  const { pause, releaseAll } = pauses();

  function succeed(transaction: Transaction) {
    balance -= transaction.price;
    Object.assign(transaction, { status: 'Sukses', rc: '00', message: messages['00'], sn: serial(), buyer_last_saldo: balance });
    transaction.deliveries += 1;
  }

  /** POSTs a signed event to `url`, retrying a failure; logs, never throws. */
  async function sendEvent(url: string, event: 'update' | 'ping', payload: unknown, about: string) {
    const body = JSON.stringify(payload);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'DigiFlazz-Hookshot/1.0',
      'x-digiflazz-event': event,
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
    console.error(`fake supplier: ${event} for ${about} to ${url} failed ${webhookRetries + 1} times (last: ${failure})`);
  }

  /** POSTs the transaction to its cb_url or the static URL. */
  async function sendWebhook(transaction: Transaction) {
    const url = transaction.cb_url ?? webhookUrl;
    if (url) await sendEvent(url, 'update', { data: view(transaction) }, transaction.ref_id);
  }

  /** A refusal: 400, status Gagal, nothing recorded or charged. */
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
    if (limitedCalls > 0) {
      limitedCalls -= 1;
      return refuse(response, body, '85');
    }

    const existing = transactions.get(refId);
    if (existing) {
      if (existing.buyer_sku_code !== sku || existing.customer_no !== customerNo) return refuse(response, body, '49');
      const now = Date.now();
      if (now - existing.lastPostAt < callSpacingMs) return refuse(response, body, '85');
      existing.posts += 1;
      existing.lastPostAt = now;
      return json(response, 200, { data: view(existing) });
    }
    const price = Object.hasOwn(products, sku) ? products[sku] : undefined;
    if (price === undefined) return refuse(response, body, '43');
    if (limit !== null && price > limit) return refuse(response, body, '69');
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
      max_price: limit,
      deliveries: 0,
      posts: 1,
      lastPostAt: Date.now(),
    };
    transactions.set(refId, transaction);
    const digit = customerNo.at(-1);
    if (held.delete(customerNo)) {
      transaction.held = true;
    } else if (digit === '0' || digit === '8') {
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
    if (digit === '7' && !transaction.held) {
      request.socket.destroy();
      return;
    }
    if (digit === '6' && !transaction.held) await pause(slowMs);
    json(response, 200, { data: view(transaction) });
  }

  /** Whether a lookup request carries the lookup key's signature over its body, made within five minutes. */
  function lookupSigned(request: IncomingMessage, body: string): boolean {
    const timestamp = Number(request.headers['x-lookup-timestamp']);
    const presented = String(request.headers['x-lookup-signature'] ?? '').replace(/^sha256=/, '');
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300 || !/^[0-9a-f]{64}$/.test(presented)) return false;
    const expected = createHmac('sha256', lookupKey).update(`${timestamp}.${body}`).digest();
    return timingSafeEqual(expected, Buffer.from(presented, 'hex'));
  }

  function lookUp(request: IncomingMessage, response: ServerResponse, text: string) {
    lookups.push({ headers: { ...request.headers }, body: text });
    if (!lookupSigned(request, text)) return json(response, 401, { data: { message: 'Invalid signature' } });
    const body = parseObject(text);
    const playerId = body?.player_id;
    if (!body || !nonEmpty(body.game) || !nonEmpty(playerId))
      return json(response, 400, { data: { message: 'game and player_id are required' } });
    if (playerId.endsWith('0')) return json(response, 404, { data: { message: 'Player not found' } });
    return json(response, 200, { data: { player_name: `Player${playerId.slice(-4)}`, region: 'BD' } });
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse, path: string) {
    if (down) return json(response, 503, { data: { message: 'Service Unavailable' } });
    const routes = ['/v1/transaction', '/v1/cek-saldo', '/v1/player-lookup'];
    if (!routes.includes(path)) return json(response, 404, { data: { message: 'Not Found' } });
    if (request.method !== 'POST') return json(response, 405, { data: { message: 'Method Not Allowed' } });
    const text = await readText(request);
    if (path === '/v1/player-lookup') return lookUp(request, response, text);
    const body = parseObject(text);
    if (!body) return json(response, 400, { data: { rc: '40', message: messages['40'] } });
    if (!whitelist.has(request.socket.remoteAddress ?? '')) return refuse(response, body, '45');
    if (path === '/v1/transaction') return await transact(request, response, body);

    const refusal = (rc: Rc) => json(response, 400, { data: { rc, message: messages[rc] } });
    if (body.cmd !== 'deposit' || !nonEmpty(body.username) || !nonEmpty(body.sign)) return refusal('40');
    if (body.username !== username) return refusal('42');
    if (body.sign !== md5(`${username}${apiKey}depo`)) return refusal('41');
    return json(response, 200, { data: { deposit: balance } });
  }

  async function handleTest(request: IncomingMessage, response: ServerResponse, path: string) {
    if (request.method === 'GET' && path === '/test/transactions') return json(response, 200, [...transactions.values()]);
    if (request.method === 'GET' && path === '/test/lookups') return json(response, 200, lookups);
    if (request.method !== 'POST') return json(response, 404, { message: 'Not Found' });
    const body = parseObject(await readText(request)) ?? {};
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
    if (path === '/test/whitelist') {
      if (!Array.isArray(body.addresses)) return json(response, 400, { message: 'addresses must be a list' });
      whitelist = new Set(body.addresses.map(String));
      return json(response, 200, { addresses: [...whitelist] });
    }
    if (path === '/test/limit') {
      limitedCalls = Math.max(0, Math.floor(Number(body.count ?? 1)) || 0);
      return json(response, 200, { count: limitedCalls });
    }
    if (path === '/test/hold') {
      if (!nonEmpty(body.customer_no)) return json(response, 400, { message: 'customer_no is required' });
      held.add(body.customer_no);
      return json(response, 200, { held: [...held] });
    }
    if (path === '/test/resolve') {
      const transaction = nonEmpty(body.ref_id) ? transactions.get(body.ref_id) : undefined;
      if (!transaction?.held || transaction.status !== 'Pending')
        return json(response, 409, { message: 'No held transaction with this ref_id' });
      transaction.held = false;
      if (body.status === 'Sukses') succeed(transaction);
      else {
        const rc = typeof body.rc === 'string' ? body.rc : '02';
        Object.assign(transaction, { status: 'Gagal', rc, message: rc in messages ? messages[rc as Rc] : messages['02'] });
      }
      await sendWebhook(transaction);
      return json(response, 200, { data: view(transaction) });
    }
    if (path === '/test/ping') {
      if (webhookUrl) await sendEvent(webhookUrl, 'ping', { data: { hook_id: randomInt(1e6, 1e7), message: 'ping' } }, 'set-up');
      return json(response, 200, { sent: Boolean(webhookUrl) });
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
