import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeSupplier, type FakeSupplierOptions, startFakeSupplier } from './fake-supplier';
import { escapeHtml, readText } from './local-service';
import { freePort } from './ports';

/**
 * The stand-in supplier over real HTTP, as Digiflazz's buyer API documents it (and the player lookup
 * as the shop's contract defines it): a tiny receiver on loopback records the webhooks.
 */
interface Callback {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const username = 'buyer01';
const apiKey = 'dev-key-0123456789';
const webhookSecret = 'hook-secret';
const lookupKey = 'lookup-key-0123456789';
const products = { ML86: 20_000, FF100: 15_000 };
const callbacks: Callback[] = [];
/** Receiver paths that answer 500 this many more times before answering 200. */
const failuresLeft = new Map<string, number>();
let receiver = '';
const stops: (() => Promise<void>)[] = [];
let supplier: FakeSupplier;

async function start(options: Partial<FakeSupplierOptions> = {}) {
  const started = await startFakeSupplier({
    username,
    apiKey,
    webhookSecret,
    lookupKey,
    products,
    // Long enough that a second call from a loaded machine still finds the top-up pending.
    callbackDelayMs: 1_000,
    slowMs: 600,
    // Re-posts at once here, but for the tests of the spacing itself.
    callSpacingMs: 0,
    ...options,
  });
  stops.push(started.stop);
  return started;
}

beforeAll(async () => {
  const server = createServer(async (request, response) => {
    const path = request.url ?? '';
    callbacks.push({ path, headers: request.headers, body: await readText(request) });
    const failures = failuresLeft.get(path) ?? 0;
    if (failures > 0) failuresLeft.set(path, failures - 1);
    response.writeHead(failures > 0 ? 500 : 200, { 'content-type': 'text/plain' }).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stops.push(() => new Promise((done) => server.close(() => done())));
  supplier = await start();
});

afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const newRef = () => `REF${randomBytes(6).toString('hex')}`;

const post = (service: { url: string }, path: string, body: unknown, init: RequestInit = {}) =>
  fetch(`${service.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), ...init });

interface Answer {
  status: number;
  data: Record<string, unknown>;
}

async function transact(service: { url: string }, fields: Record<string, unknown>, init: RequestInit = {}): Promise<Answer> {
  const refId = String(fields.ref_id);
  const response = await post(
    service,
    '/v1/transaction',
    { username, buyer_sku_code: 'ML86', sign: md5(username + apiKey + refId), ...fields },
    init,
  );
  return { status: response.status, data: ((await response.json()) as { data: Record<string, unknown> }).data };
}

const deposit = async (service: { url: string }) => {
  const response = await post(service, '/v1/cek-saldo', { cmd: 'deposit', username, sign: md5(`${username}${apiKey}depo`) });
  return ((await response.json()) as { data: { deposit: number } }).data.deposit;
};

const listed = async (service: { url: string }) =>
  (await (await fetch(`${service.url}/test/transactions`)).json()) as {
    ref_id: string;
    status: string;
    deliveries: number;
    posts: number;
  }[];

const callbacksFor = (refId: string) => callbacks.filter((c) => (JSON.parse(c.body) as { data: { ref_id: string } }).data.ref_id === refId);

describe('transaction by the last digit of customer_no', () => {
  it('any other digit: Sukses at once, rc 00, a 20-digit serial, charged once', async () => {
    const own = await start({ balance: 100_000 });
    const refId = newRef();
    const answer = await transact(own, { ref_id: refId, customer_no: '12345671', testing: false });
    expect(answer).toEqual({
      status: 200,
      data: {
        ref_id: refId,
        customer_no: '12345671',
        buyer_sku_code: 'ML86',
        message: 'Transaksi Sukses',
        status: 'Sukses',
        rc: '00',
        sn: expect.stringMatching(/^\d{20}$/),
        buyer_last_saldo: 80_000,
        price: 20_000,
        tele: expect.any(String),
        wa: expect.any(String),
      },
    });
    expect(await deposit(own)).toBe(80_000);
    expect(own.deliveries(refId)).toBe(1);
  });

  it('re-posting the same ref_id is the status check: the same answer, never a second delivery or charge', async () => {
    const own = await start({ balance: 100_000 });
    const refId = newRef();
    const first = await transact(own, { ref_id: refId, customer_no: '555' });
    const again = await transact(own, { ref_id: refId, customer_no: '555' });
    const third = await transact(own, { ref_id: refId, customer_no: '555' });
    expect(again).toEqual(first);
    expect(third).toEqual(first);
    expect(own.deliveries(refId)).toBe(1);
    expect(await deposit(own)).toBe(80_000);
    expect(await listed(own)).toEqual([expect.objectContaining({ ref_id: refId, status: 'Sukses', deliveries: 1, posts: 3 })]);
  });

  it('the same ref_id for another SKU or number: 400 rc 49, the transaction untouched', async () => {
    const refId = newRef();
    await transact(supplier, { ref_id: refId, customer_no: '111' });
    for (const fields of [{ customer_no: '112' }, { customer_no: '111', buyer_sku_code: 'FF100' }]) {
      const answer = await transact(supplier, { ref_id: refId, ...fields });
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ status: 'Gagal', rc: '49', message: 'Ref ID tidak unik' });
    }
    expect((await listed(supplier)).find((t) => t.ref_id === refId)).toMatchObject({ status: 'Sukses', deliveries: 1, posts: 1 });
  });

  it('0: Gagal rc 54 "Nomor Tujuan Salah", formed (200) but not charged nor delivered', async () => {
    const own = await start({ balance: 100_000 });
    const refId = newRef();
    const answer = await transact(own, { ref_id: refId, customer_no: '01700000000' });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ status: 'Gagal', rc: '54', message: 'Nomor Tujuan Salah', sn: '', buyer_last_saldo: 100_000 });
    expect(await deposit(own)).toBe(100_000);
    expect(own.deliveries(refId)).toBe(0);
    expect(await listed(own)).toEqual([expect.objectContaining({ ref_id: refId, status: 'Gagal' })]);
  });

  it('8: Gagal rc 02 "Transaksi Gagal", for good: a re-post is still Gagal', async () => {
    const own = await start({ balance: 100_000 });
    const refId = newRef();
    const answer = await transact(own, { ref_id: refId, customer_no: '9998' });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ status: 'Gagal', rc: '02', message: 'Transaksi Gagal' });
    expect((await transact(own, { ref_id: refId, customer_no: '9998' })).data).toMatchObject({ status: 'Gagal', rc: '02' });
    expect(await deposit(own)).toBe(100_000);
    expect(own.deliveries(refId)).toBe(0);
  });

  it('7: delivered and charged, but the first answer is lost; a re-post answers Sukses', async () => {
    const own = await start({ balance: 100_000 });
    const refId = newRef();
    await expect(transact(own, { ref_id: refId, customer_no: '01700000007' })).rejects.toThrow();
    expect(own.deliveries(refId)).toBe(1);
    const again = await transact(own, { ref_id: refId, customer_no: '01700000007' });
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({ status: 'Sukses', rc: '00', sn: expect.stringMatching(/^\d{20}$/), buyer_last_saldo: 80_000 });
    expect(own.deliveries(refId)).toBe(1);
    expect(await deposit(own)).toBe(80_000);
  });

  it('9: Pending rc 03, then Sukses after callbackDelayMs with one signed webhook to cb_url', async () => {
    const refId = newRef();
    const fields = { ref_id: refId, customer_no: '01700000009', cb_url: `${receiver}/cb` };
    const first = await transact(supplier, fields);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ status: 'Pending', rc: '03', message: 'Transaksi Pending', sn: '' });
    expect((await transact(supplier, fields)).data).toMatchObject({ status: 'Pending', rc: '03' });
    expect(supplier.deliveries(refId)).toBe(0);

    await vi.waitFor(() => expect(callbacksFor(refId)).toHaveLength(1), { timeout: 10_000 });
    const [callback] = callbacksFor(refId);
    expect(callback!.path).toBe('/cb');
    expect(callback!.headers).toMatchObject({
      'x-digiflazz-event': 'update',
      'user-agent': 'DigiFlazz-Hookshot/1.0',
      'content-type': 'application/json',
      'x-hub-signature': `sha1=${createHmac('sha1', webhookSecret).update(callback!.body).digest('hex')}`,
    });
    const now = await transact(supplier, fields);
    expect(now.data).toMatchObject({ status: 'Sukses', rc: '00', sn: expect.stringMatching(/^\d{20}$/) });
    expect(JSON.parse(callback!.body)).toEqual({ data: now.data });
    expect(supplier.deliveries(refId)).toBe(1);
  });

  it('9 without cb_url: the webhook goes to the static URL, which setWebhookUrl changes', async () => {
    const own = await start({ webhookUrl: `${receiver}/static-a` });
    const before = newRef();
    await transact(own, { ref_id: before, customer_no: '19' });
    await vi.waitFor(() => expect(callbacksFor(before).map((c) => c.path)).toEqual(['/static-a']), { timeout: 10_000 });
    own.setWebhookUrl(`${receiver}/static-b`);
    const after = newRef();
    await transact(own, { ref_id: after, customer_no: '29' });
    await vi.waitFor(() => expect(callbacksFor(after).map((c) => c.path)).toEqual(['/static-b']), { timeout: 10_000 });
  });

  it('a failed webhook is retried a second later, so the receiver sees the same callback twice', async () => {
    failuresLeft.set('/flaky', 1);
    const refId = newRef();
    await transact(supplier, { ref_id: refId, customer_no: '39', cb_url: `${receiver}/flaky` });
    await vi.waitFor(() => expect(callbacksFor(refId)).toHaveLength(2), { timeout: 3000 });
    const [first, second] = callbacksFor(refId);
    expect(second!.body).toBe(first!.body);
    expect(supplier.deliveries(refId)).toBe(1);
  });

  it('6: Sukses at once, but the first call answers only after slowMs; a re-post meanwhile answers Sukses', async () => {
    const own = await start({ slowMs: 1000 });
    const refId = newRef();
    const started = Date.now();
    let answered = false;
    const slow = transact(own, { ref_id: refId, customer_no: '8801700000006' }).finally(() => {
      answered = true;
    });
    await vi.waitFor(async () => expect(await listed(own)).toEqual([expect.objectContaining({ ref_id: refId, status: 'Sukses' })]));
    const meanwhile = await transact(own, { ref_id: refId, customer_no: '8801700000006' });
    expect(answered).toBe(false);
    expect(meanwhile.data).toMatchObject({ status: 'Sukses', rc: '00' });
    const first = await slow;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(first).toEqual(meanwhile);
    expect(own.deliveries(refId)).toBe(1);
  });
});

describe('transaction refusals: no transaction formed, nothing charged', () => {
  it('max_price below the SKU price: 400 Gagal rc 69 with the seller-price message; the ref_id stays free', async () => {
    const own = await start({ balance: 100_000 });
    const refId = newRef();
    const answer = await transact(own, { ref_id: refId, customer_no: '123', max_price: 19_999 });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ status: 'Gagal', rc: '69', message: 'Harga seller lebih besar dari ketentuan harga Buyer' });
    expect(await listed(own)).toEqual([]);
    expect((await transact(own, { ref_id: refId, customer_no: '123', max_price: 20_000 })).data).toMatchObject({ status: 'Sukses' });
  });

  it('an unknown SKU: 400 rc 43', async () => {
    const refId = newRef();
    const answer = await transact(supplier, { ref_id: refId, customer_no: '123', buyer_sku_code: 'NOPE' });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ status: 'Gagal', rc: '43', message: 'SKU tidak di temukan atau Non-Aktif' });
    expect((await listed(supplier)).some((t) => t.ref_id === refId)).toBe(false);
  });

  it('a balance below the price: 400 rc 44; POST /test/balance sets it', async () => {
    const own = await start({ balance: 19_999 });
    const refId = newRef();
    const answer = await transact(own, { ref_id: refId, customer_no: '123' });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ status: 'Gagal', rc: '44', message: 'Saldo tidak cukup', buyer_last_saldo: 19_999 });
    expect(await listed(own)).toEqual([]);
    expect(await (await post(own, '/test/balance', { deposit: 20_000 })).json()).toEqual({ deposit: 20_000 });
    expect((await transact(own, { ref_id: refId, customer_no: '123' })).data).toMatchObject({ status: 'Sukses', buyer_last_saldo: 0 });
  });

  it('a bad sign: 400 rc 41; a wrong username: 400 rc 42; a missing field: 400 rc 40', async () => {
    const refId = newRef();
    const cases = [
      [{ sign: md5(`${username}wrong${refId}`) }, '41', 'Signature tidak valid'],
      [{ username: 'someone', sign: md5(`someone${apiKey}${refId}`) }, '42', 'Gagal memproses API Buyer'],
      [{ customer_no: undefined }, '40', 'Payload Error'],
    ] as const;
    for (const [fields, rc, message] of cases) {
      const answer = await transact(supplier, { ref_id: refId, customer_no: '123', ...fields });
      expect(answer.status, rc).toBe(400);
      expect(answer.data).toMatchObject({ status: 'Gagal', rc, message });
    }
    expect((await listed(supplier)).some((t) => t.ref_id === refId)).toBe(false);
  });
});

describe('cek-saldo', () => {
  it('answers the deposit, and 400 rc 41 to a bad sign', async () => {
    const own = await start({ balance: 123_456 });
    expect(await deposit(own)).toBe(123_456);
    const bad = await post(own, '/v1/cek-saldo', { cmd: 'deposit', username, sign: md5(`${username}${apiKey}`) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ data: { rc: '41', message: 'Signature tidak valid' } });
  });

  it('defaults the balance to 1 000 000 000 rupiah', async () => {
    expect(await deposit(supplier)).toBeLessThanOrEqual(1_000_000_000);
    expect(await deposit(await start())).toBe(1_000_000_000);
  });
});

describe('player-lookup', () => {
  /** A lookup signed as the contract says: HMAC-SHA256 of "<timestamp>.<body>" with the lookup's own key. */
  const lookup = (playerId: string, key = lookupKey, timestamp = Math.floor(Date.now() / 1000)) => {
    const body = JSON.stringify({ game: 'mobile-legends', player_id: playerId });
    const signature = createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex');
    return fetch(`${supplier.url}/v1/player-lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lookup-timestamp': String(timestamp), 'x-lookup-signature': `sha256=${signature}` },
      body,
    });
  };

  it('names the player after the id’s last four characters, region BD', async () => {
    const response = await lookup('123456789');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { player_name: 'Player6789', region: 'BD' } });
  });

  it('an id ending in 0: 404 Player not found; signed with another key (the API key among them) or stale: 401', async () => {
    const missing = await lookup('123456780');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ data: { message: 'Player not found' } });
    expect((await lookup('123456789', apiKey)).status).toBe(401);
    expect((await lookup('123456789', lookupKey, Math.floor(Date.now() / 1000) - 600)).status).toBe(401);
    const recorded = (await (await fetch(`${supplier.url}/test/lookups`)).json()) as { body: string }[];
    expect(recorded.at(-1)!.body).toContain('123456789');
  });
});

describe('test controls and start-up', () => {
  it('while down, every /v1/ endpoint answers 503; back up, they answer again', async () => {
    const own = await start();
    expect(await (await post(own, '/test/down', { down: true })).json()).toEqual({ down: true });
    try {
      for (const path of ['/v1/transaction', '/v1/cek-saldo', '/v1/player-lookup'])
        expect((await post(own, path, {})).status, path).toBe(503);
      expect(await listed(own)).toEqual([]);
    } finally {
      await post(own, '/test/down', { down: false });
    }
    expect(await deposit(own)).toBe(1_000_000_000);
  });

  it('answers a caller not on its whitelist rc 45, and POST /test/whitelist changes it', async () => {
    const own = await start({ whitelist: ['203.0.113.7'] });
    const refId = newRef();
    const refused = await transact(own, { ref_id: refId, customer_no: '123' });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ status: 'Gagal', rc: '45', message: 'IP Anda tidak kami kenali' });
    await post(own, '/test/whitelist', { addresses: ['127.0.0.1'] });
    expect((await transact(own, { ref_id: refId, customer_no: '123' })).data).toMatchObject({ status: 'Sukses' });
  });

  it('answers a re-post sooner than its spacing rc 85, and POST /test/limit answers the next calls rc 85', async () => {
    const own = await start({ callSpacingMs: 300 });
    const refId = newRef();
    expect((await transact(own, { ref_id: refId, customer_no: '123' })).data).toMatchObject({ status: 'Sukses' });
    const soon = await transact(own, { ref_id: refId, customer_no: '123' });
    expect(soon.data).toMatchObject({
      status: 'Gagal',
      rc: '85',
      message: 'Anda telah mencapai limitasi transaksi, silahkan coba 1 menit lagi',
    });
    await new Promise((done) => setTimeout(done, 320));
    expect((await transact(own, { ref_id: refId, customer_no: '123' })).data).toMatchObject({ status: 'Sukses' });
    await post(own, '/test/limit', { count: 1 });
    expect((await transact(own, { ref_id: newRef(), customer_no: '123' })).data).toMatchObject({ rc: '85' });
    expect(own.deliveries(refId)).toBe(1);
  });

  it('holds a number’s next transaction Pending until resolved, then sends its signed webhook', async () => {
    const own = await start({ webhookUrl: `${receiver}/held` });
    await post(own, '/test/hold', { customer_no: '5551' });
    const refId = newRef();
    expect((await transact(own, { ref_id: refId, customer_no: '5551' })).data).toMatchObject({ status: 'Pending', rc: '03' });
    const resolved = await post(own, '/test/resolve', { ref_id: refId, status: 'Gagal', rc: '02' });
    expect(resolved.status).toBe(200);
    await vi.waitFor(() => expect(callbacksFor(refId)).toHaveLength(1), { timeout: 10_000 });
    expect(JSON.parse(callbacksFor(refId)[0]!.body)).toMatchObject({ data: { status: 'Gagal', rc: '02' } });
    expect(own.deliveries(refId)).toBe(0);
    expect((await post(own, '/test/resolve', { ref_id: refId, status: 'Sukses' })).status).toBe(409);
  });

  it('sends the webhook set-up ping, signed, to the static URL', async () => {
    const own = await start({ webhookUrl: `${receiver}/ping` });
    await post(own, '/test/ping', {});
    await vi.waitFor(() => expect(callbacks.filter((c) => c.path === '/ping')).toHaveLength(1), { timeout: 10_000 });
    const ping = callbacks.find((c) => c.path === '/ping')!;
    expect(ping.headers['x-digiflazz-event']).toBe('ping');
    expect(ping.headers['x-hub-signature']).toBe(`sha1=${createHmac('sha1', webhookSecret).update(ping.body).digest('hex')}`);
  });

  it('lists the transactions on a page, escaped', async () => {
    const refId = `<b>${newRef()}</b>`;
    await transact(supplier, { ref_id: refId, customer_no: '123' });
    const response = await fetch(`${supplier.url}/`);
    const page = await response.text();
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(page).toContain(escapeHtml(refId));
    expect(page).not.toContain(refId);
  });

  it('starts on a given port', async () => {
    const port = await freePort();
    expect((await start({ port })).url).toBe(`http://127.0.0.1:${port}`);
  });
});
