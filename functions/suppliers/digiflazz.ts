import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { SupplierNotConfigured, supplierCredentials } from '../shared/secrets';
import { type Supplier, type SupplierCallback, type SupplierOutcome, type TopUpRequest, supplierTimeoutMs } from './port';

/**
 * The Digiflazz buyer API (developer.digiflazz.com/api/buyer/): Topup, Cek Status, Cek Saldo,
 * Response Code and Webhooks; the mapping of every response code is written down in
 * docs/suppliers/digiflazz.md. A top-up is answered at once as Sukses, Pending or Gagal; where it
 * stands later is asked by posting the same request with the same ref_id again, which never makes
 * a second transaction within 90 days ("Jangan pernah mencoba untuk melakukan Cek Status terhadap
 * transaksi yang sudah lewat 90 HARI karena hal tersebut akan menyebabkan pembuatan transaksi
 * BARU"). Prices are whole rupiah; calls come only from addresses whitelisted in its panel (rc 45).
 */
const baseUrl = (process.env.SUPPLIER_URL || 'https://api.digiflazz.com').replace(/\/+$/, '');

/** Digiflazz advises at least a minute between status checks of one transaction; the local stack shortens it for its own fake. */
const callSpacingSeconds = Number(process.env.SUPPLIER_CALL_SPACING_SECONDS ?? 60);

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Response codes of a transaction that was made and failed for good ("Terbentuk Transaksi: Ya", status Gagal): the shopper is refunded. */
const formedFailures: Record<string, string> = {
  '01': 'The game did not answer in time',
  '02': 'The supplier could not deliver this top-up',
  '50': 'The top-up was not found at the supplier',
  '51': 'This player ID is blocked',
  '52': 'This player ID does not fit this top-up',
  '53': 'This top-up is not available right now',
  '54': 'No player with this ID',
  '55': 'This top-up is disturbed right now',
  '57': 'The player ID has the wrong number of digits',
  '58': 'This top-up is in its daily cut-off',
  '59': 'This player ID is outside the region this top-up serves',
  '60': 'This top-up is not available yet',
  '70': 'The game did not answer in time',
  '71': 'This top-up is unstable right now',
  '72': 'The supplier could not deliver this top-up',
  '73': 'The supplier could not deliver this top-up',
  '74': 'The supplier refunded this top-up',
  '84': 'The amount of this top-up is not valid',
};

/** "Anda telah mencapai limitasi transaksi, silahkan coba 1 menit lagi" (and its PLN twin): nothing is said of the top-up; ask again later. */
const rateLimits = new Set(['85', '86']);

/** Pending codes: 03 "Transaksi Pending", 99 "DF Router Issue" (status Pending). */
const pendingCodes = new Set(['03', '99']);

/**
 * No transaction made because of the request itself: our payload, signature, username, address or
 * account. On a first send they mean no top-up exists (a person delivers, the plan stops until the
 * set-up is fixed); on a status check they say nothing of the top-up asked about.
 */
const requestRefusals: Record<string, string> = {
  '40': 'The supplier could not read our request',
  '41': 'The supplier refused our signature: check the API key (development or production)',
  '42': 'The supplier refused our username',
  '45': "The supplier does not know this server's address: whitelist it in the supplier's connection settings",
  '80': 'The seller has blocked our supplier account',
  '81': 'Our supplier account has blocked this seller',
  '82': 'Our supplier account is not verified',
  '88': 'Our supplier account may not do this',
};

/**
 * No transaction made for reasons of the product, the seller or our deposit ("Terbentuk Transaksi:
 * Tidak"): a person delivers by hand; `pausePlan` where every next order of the plan would fail the same way.
 */
const noTransaction: Record<string, { reason: string; pausePlan?: true; alert?: 'balance' | 'setup' }> = {
  '43': { reason: 'The supplier does not sell this product code, or it is not active', pausePlan: true },
  '44': { reason: 'The supplier balance is too low', alert: 'balance' },
  '47': { reason: 'The supplier already has this top-up from another buyer' },
  '49': { reason: 'The supplier already has a different top-up under this order id' },
  '56': { reason: "The seller's balance limit was reached" },
  '61': { reason: 'Our supplier account has never been funded', alert: 'setup' },
  '62': { reason: 'The seller has a disturbance' },
  '63': { reason: 'The seller does not take this kind of transaction' },
  '64': { reason: 'The seller could not issue it; try another amount' },
  '65': { reason: "The seller's transaction limit was reached" },
  '66': { reason: "The seller's system is in maintenance (cut-off)" },
  '67': { reason: 'The seller is not verified' },
  '68': { reason: 'The seller is out of stock' },
  '69': { reason: 'The supplier asks more than the recorded cost', pausePlan: true },
  '87': { reason: 'The supplier refused the amount' },
};

interface TransactionAnswer {
  status?: string;
  rc?: string;
  message?: string;
  sn?: string;
  price?: number;
  ref_id?: string;
  customer_no?: string;
  buyer_sku_code?: string;
}

async function post(
  path: string,
  body: Record<string, unknown>,
): Promise<{ status: number; data?: TransactionAnswer & { deposit?: number } }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(supplierTimeoutMs),
  });
  const answer = (await response.json().catch(() => undefined)) as { data?: TransactionAnswer & { deposit?: number } } | undefined;
  return { status: response.status, data: answer?.data };
}

/**
 * A transaction answer as an outcome, by its status and response code, for a first send or a
 * status check (`call`); anything we cannot read is `lost`, to be asked about again.
 */
export function outcomeOf(httpStatus: number, data: TransactionAnswer | undefined, call: 'send' | 'check'): SupplierOutcome {
  if (httpStatus >= 500 || !data || typeof data.status !== 'string') return { kind: 'lost' };
  const rc = String(data.rc ?? '');
  if (data.status === 'Sukses') {
    const price = Number(data.price);
    return { kind: 'delivered', serial: String(data.sn ?? ''), ...(Number.isFinite(price) && price > 0 ? { price } : {}) };
  }
  if (data.status === 'Pending' || pendingCodes.has(rc)) return { kind: 'pending' };
  if (data.status !== 'Gagal') return { kind: 'lost' };
  if (rateLimits.has(rc)) return { kind: 'later', reason: 'The supplier asked us to wait a minute (rate limit)' };
  const failure = formedFailures[rc];
  if (failure) return { kind: 'failed', reason: failure };
  const refusal = requestRefusals[rc];
  if (refusal)
    return call === 'send'
      ? { kind: 'refused', reason: refusal, pausePlan: true, alert: 'setup' }
      : { kind: 'later', reason: refusal, setup: true };
  // A product or deposit refusal to a status check too: Digiflazz took it as a new top-up, so none existed.
  const none = noTransaction[rc];
  if (none)
    return {
      kind: 'refused',
      reason: none.reason,
      ...(none.pausePlan ? { pausePlan: true } : {}),
      ...(none.alert ? { alert: none.alert } : {}),
    };
  return { kind: 'later', reason: `The supplier answered a response code the shop does not know (${rc || 'none'})`, setup: true };
}

/** One transaction call: the first send or a status check, which Digiflazz takes as the same request. */
async function transaction(request: TopUpRequest, call: 'send' | 'check'): Promise<SupplierOutcome> {
  const credentials = await supplierCredentials().catch((error: unknown) => {
    if (error instanceof SupplierNotConfigured) return undefined;
    throw error;
  });
  if (!credentials)
    return call === 'send'
      ? { kind: 'refused', reason: 'The supplier credentials are not set', pausePlan: true, alert: 'setup' }
      : { kind: 'later', reason: 'The supplier credentials are not set', setup: true };
  const { username, apiKey } = credentials;
  try {
    const { status, data } = await post('/v1/transaction', {
      username,
      buyer_sku_code: request.sku,
      customer_no: request.playerId,
      ref_id: request.reference,
      sign: md5(username + apiKey + request.reference),
      max_price: request.maxPrice,
    });
    return outcomeOf(status, data, call);
  } catch {
    // A timeout or a broken connection: the top-up may have been made. Ask, never resend blind.
    return { kind: 'lost' };
  }
}

/** The signature of a webhook: HMAC-SHA1 of the body with the webhook secret, hex, sent as `sha1=<hex>` (or bare). */
function signedBy(secret: string, rawBody: string, header: string | undefined): boolean {
  const presented = (header ?? '').trim().replace(/^sha1=/i, '');
  if (!/^[0-9a-f]{40}$/i.test(presented)) return false;
  const expected = createHmac('sha1', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(presented, 'hex'));
}

export const digiflazz: Supplier = {
  name: 'digiflazz',
  currency: 'IDR',
  needsFixedAddress: true,
  callSpacingSeconds,
  askableForDays: 90,
  topUp: (request) => transaction(request, 'send'),
  inquire: (request) => transaction(request, 'check'),

  async balance() {
    const { username, apiKey } = await supplierCredentials();
    const { status, data } = await post('/v1/cek-saldo', { cmd: 'deposit', username, sign: md5(`${username}${apiKey}depo`) });
    if (status !== 200 || typeof data?.deposit !== 'number') throw new Error(`The supplier did not give its balance (HTTP ${status})`);
    return data.deposit;
  },

  async readCallback(headers, rawBody): Promise<SupplierCallback | undefined> {
    // Setting up a webhook in its panel sends a ping: answered, and nothing else done.
    if ((headers['x-digiflazz-event'] ?? '').toLowerCase() === 'ping') return { kind: 'ping' };
    const { webhookSecret } = await supplierCredentials();
    if (!signedBy(webhookSecret, rawBody, headers['x-hub-signature'])) return undefined;
    const data = (JSON.parse(rawBody) as { data?: TransactionAnswer } | null)?.data;
    if (typeof data?.ref_id !== 'string' || !data.ref_id) return { kind: 'ping' };
    return {
      kind: 'report',
      reference: data.ref_id,
      playerId: String(data.customer_no ?? ''),
      sku: String(data.buyer_sku_code ?? ''),
      outcome: outcomeOf(200, data, 'check'),
    };
  },
};
