import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { SupplierNotConfigured, supplierCredentials } from '../shared/secrets';
import { type Supplier, type SupplierOutcome, type TopUpRequest, supplierTimeoutMs } from './port';

/**
 * The Digiflazz buyer API (developer.digiflazz.com/api/buyer/): Topup, Cek Deposit and Webhooks.
 * A top-up is answered at once as Sukses, Pending or Gagal; a pending one is asked about by
 * posting the same request with the same ref_id again, which Digiflazz documents as its status
 * check (it never makes a second transaction for a ref_id).
 */
const baseUrl = (process.env.SUPPLIER_URL || 'https://api.digiflazz.com').replace(/\/+$/, '');

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * Response codes after which no transaction exists (the "Terbentuk Transaksi: Tidak" rows of the
 * response-code page): payload, signature, username, SKU, balance, IP, another buyer's, seller
 * limits, no deposit yet, seller down. These go to a person; the others of a Gagal are the
 * transaction's own failure.
 */
const noTransactionCodes = new Set(['40', '41', '42', '43', '44', '45', '47', '49', '56', '61', '62']);

/** "Saldo tidak cukup": our deposit is too low. */
const lowBalanceCode = '44';

/** What the shopper reads of a failed top-up, by response code; the supplier's own words are Indonesian. */
const shopperReasons: Record<string, string> = {
  '01': 'The game did not answer in time',
  '50': 'The top-up was not found at the supplier',
  '51': 'This player ID is blocked',
  '54': 'No player with this ID',
  '57': 'The player ID has the wrong number of digits',
  '59': 'This player ID is outside the region this top-up serves',
};

/** Why a person has to deliver by hand, by response code (the operators read English). */
const refusalReasons: Record<string, string> = {
  '41': 'The supplier refused our signature: check the API key',
  '42': 'The supplier refused our username',
  '43': 'The supplier does not sell this product code',
  '44': 'The supplier balance is too low',
  '45': "The supplier does not know this server's address",
  '49': 'The supplier already has a different top-up under this order id',
};

/** The supplier's message when its price is above the max_price we sent (the recorded cost). */
const priceAboveMaxPattern = /harga seller lebih besar/i;

interface TransactionAnswer {
  status?: string;
  rc?: string;
  message?: string;
  sn?: string;
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

/** A transaction answer as an outcome; anything we cannot read is `lost`, to be asked about again. */
export function outcomeOf(httpStatus: number, data: TransactionAnswer | undefined): SupplierOutcome {
  if (httpStatus >= 500 || !data || typeof data.status !== 'string') return { kind: 'lost' };
  const rc = String(data.rc ?? '');
  const message = String(data.message ?? '');
  if (data.status === 'Sukses') return { kind: 'delivered', serial: String(data.sn ?? '') };
  if (data.status === 'Pending') return { kind: 'pending' };
  if (data.status !== 'Gagal') return { kind: 'lost' };
  if (priceAboveMaxPattern.test(message))
    return { kind: 'refused', reason: 'The supplier asks more than the recorded cost', priceAboveCost: true };
  if (noTransactionCodes.has(rc))
    return {
      kind: 'refused',
      reason: refusalReasons[rc] ?? `The supplier refused the top-up (code ${rc})`,
      ...(rc === lowBalanceCode ? { lowBalance: true } : {}),
    };
  return { kind: 'failed', reason: shopperReasons[rc] ?? 'The supplier could not deliver this top-up' };
}

async function transaction(request: TopUpRequest): Promise<SupplierOutcome> {
  const credentials = await supplierCredentials().catch((error: unknown) => {
    if (error instanceof SupplierNotConfigured) return undefined;
    throw error;
  });
  if (!credentials) return { kind: 'refused', reason: 'The supplier credentials are not set' };
  const { username, apiKey } = credentials;
  try {
    const { status, data } = await post('/v1/transaction', {
      username,
      buyer_sku_code: request.sku,
      customer_no: request.playerId,
      ref_id: request.reference,
      sign: md5(username + apiKey + request.reference),
      max_price: request.maxCost,
    });
    return outcomeOf(status, data);
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
  topUp: transaction,
  inquire: transaction,

  async balance() {
    const { username, apiKey } = await supplierCredentials();
    const { status, data } = await post('/v1/cek-saldo', { cmd: 'deposit', username, sign: md5(`${username}${apiKey}depo`) });
    if (status !== 200 || typeof data?.deposit !== 'number') throw new Error(`The supplier did not give its balance (HTTP ${status})`);
    return data.deposit;
  },

  async callbackReference(headers, rawBody) {
    const { webhookSecret } = await supplierCredentials();
    if (!signedBy(webhookSecret, rawBody, headers['x-hub-signature'])) return undefined;
    const body = JSON.parse(rawBody) as { data?: { ref_id?: unknown } } | null;
    return typeof body?.data?.ref_id === 'string' ? body.data.ref_id : undefined;
  },
};
