import { createHash, timingSafeEqual } from 'node:crypto';
import { webhookBody } from '../contract/orders';
import { requiredEnv } from '../shared/config';
import { gatewayCredentials } from '../shared/secrets';
import { parseInput } from '../shared/validation';
import {
  GatewayError,
  type PaymentGateway,
  type PaymentOutcome,
  type PaymentReference,
  type VerifiedPayment,
  gatewayTimeOf,
  gatewayTimeoutMs,
  isPaymentKind,
} from './port';

const name = 'uddoktapay';
const baseUrl = requiredEnv('GATEWAY_URL').replace(/\/+$/, '');

/** The merchant's API key, sent on our calls and expected on the webhook: the gateway secret's first form is this key alone. */
async function apiKey(): Promise<string> {
  const key = await gatewayCredentials(name, { ownsBareKey: true });
  if (typeof key !== 'string') throw new Error(`The gateway secret's ${name} field is not an API key`);
  return key;
}

async function call<T>(path: string, body: unknown): Promise<T> {
  const key = await apiKey();
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'RT-UDDOKTAPAY-API-KEY': key },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(gatewayTimeoutMs),
    });
  } catch {
    throw new GatewayError('The payment gateway could not be reached.', 'unavailable');
  }
  const answer = (await response.json().catch(() => undefined)) as (T & { status?: unknown; message?: unknown }) | undefined;
  if (response.status >= 500 || !answer) throw new GatewayError(`The payment gateway failed (HTTP ${response.status}).`, 'unavailable');
  if (!response.ok || answer.status === false) {
    throw new GatewayError(
      typeof answer.message === 'string' && answer.message ? answer.message : 'The payment gateway refused the request.',
      'refused',
    );
  }
  return answer;
}

/** Reads our metadata back; anything else (missing, foreign, malformed) names nothing. */
function referenceFrom(metadata: unknown): PaymentReference | undefined {
  const fields = (metadata ?? {}) as Record<string, unknown>;
  const kind = fields.kind;
  if (!isPaymentKind(kind) || typeof fields.user_id !== 'string' || typeof fields.ref_id !== 'string') return undefined;
  return { kind, userId: fields.user_id, id: fields.ref_id };
}

/** A field of the gateway's answer as text ("100.00" stays "100.00"; a number becomes its decimal text). */
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * UddoktaPay's statuses in the shop's words: COMPLETED is paid; PENDING waits (the merchant may
 * approve it hours later); ERROR, and a newer install's FAILED, CANCELLED, REJECTED or EXPIRED,
 * will not be paid any more; REFUNDED was given back. Any other status is unknown: not paid.
 */
const outcomes: Record<string, PaymentOutcome> = {
  COMPLETED: 'paid',
  PENDING: 'pending',
  REFUNDED: 'refunded',
  ERROR: 'failed',
  FAILED: 'failed',
  CANCELLED: 'failed',
  CANCELED: 'failed',
  REJECTED: 'failed',
  EXPIRED: 'failed',
};

/** A status of UddoktaPay's verify, upper-cased, as the shop's outcome. */
export const outcomeOf = (status: string): PaymentOutcome => outcomes[status] ?? 'unknown';

/** Compares in constant time (hashes first, so lengths leak nothing). */
const sameSecret = (presented: string, expected: string) => {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
};

/**
 * The UddoktaPay-compatible adapter: checkout-v2, verify-payment and refund-payment with the API
 * key header. The payment URL carries a payment token, not the invoice id: the invoice id comes
 * back only on the payer's return and in the webhook, and payments are matched by their metadata.
 * Its webhook carries the same API key in RT-UDDOKTAPAY-API-KEY and verify's JSON as its body.
 */
export const uddoktaPay: PaymentGateway = {
  name,
  // The contract's path, which its checkouts have always named; /payment/uddoktapay/webhook reaches the same handler.
  webhookPath: '/payment/webhook',

  async createCheckout(request) {
    const answer = await call<{ payment_url?: string }>('/api/checkout-v2', {
      full_name: request.fullName,
      email: request.email,
      amount: String(request.amount),
      metadata: { kind: request.metadata.kind, user_id: request.metadata.userId, ref_id: request.metadata.id },
      redirect_url: request.redirectUrl,
      return_type: 'GET',
      cancel_url: request.cancelUrl,
      webhook_url: request.webhookUrl,
    });
    const paymentUrl = answer.payment_url ?? '';
    if (!/^https?:\/\/\S+$/.test(paymentUrl)) throw new GatewayError('The payment gateway answered without a payment link.', 'unavailable');
    return { paymentUrl };
  },

  async verify(invoiceId) {
    const answer = await call<Record<string, unknown>>('/api/verify-payment', { invoice_id: invoiceId });
    // An unknown invoice is answered {status: "ERROR", message} (HTTP 200 or 400), without the payment's fields.
    if (answer.invoice_id === undefined && answer.metadata === undefined) {
      throw new GatewayError(typeof answer.message === 'string' && answer.message ? answer.message : 'Payment not found', 'refused');
    }
    const status = text(answer.status).toUpperCase();
    return {
      gateway: name,
      invoiceId: text(answer.invoice_id) || invoiceId,
      outcome: outcomeOf(status),
      status,
      amount: text(answer.amount),
      fee: text(answer.fee),
      chargedAmount: text(answer.charged_amount),
      reference: referenceFrom(answer.metadata),
      paymentMethod: text(answer.payment_method),
      senderNumber: text(answer.sender_number),
      transactionId: text(answer.transaction_id),
      paidAt: gatewayTimeOf(text(answer.date)),
    } satisfies VerifiedPayment;
  },

  async refund(request) {
    await call('/api/refund-payment', {
      transaction_id: request.transactionId,
      payment_method: request.paymentMethod,
      amount: String(request.amount),
      product_name: request.productName,
      reason: request.reason,
    });
  },

  async isAuthentic({ headers }) {
    // The key first: while it is not set, 503 (and the log line saying so) before anything is compared.
    const expected = await apiKey();
    const presented = headers['rt-uddoktapay-api-key'];
    return !!presented && sameSecret(presented, expected);
  },

  invoiceNamedBy({ body }) {
    return parseInput(webhookBody, body).invoice_id;
  },
};
