import { requiredEnv } from '../shared/config';
import { gatewayApiKey } from '../shared/secrets';
import { GatewayError, type PaymentGateway, type PaymentReference, type VerifiedPayment, gatewayTimeoutMs } from './port';

const baseUrl = requiredEnv('GATEWAY_URL').replace(/\/+$/, '');

async function call<T>(path: string, body: unknown): Promise<T> {
  const apiKey = await gatewayApiKey();
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'RT-UDDOKTAPAY-API-KEY': apiKey },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(gatewayTimeoutMs),
    });
  } catch {
    throw new GatewayError('The payment gateway could not be reached.', 'unavailable');
  }
  const answer = (await response.json().catch(() => undefined)) as (T & { status?: unknown; message?: unknown }) | undefined;
  if (response.status >= 500 || !answer) throw new GatewayError(`The payment gateway failed (HTTP ${response.status}).`, 'unavailable');
  if (!response.ok || answer.status === false) {
    throw new GatewayError(typeof answer.message === 'string' && answer.message ? answer.message : 'The payment gateway refused the request.', 'refused');
  }
  return answer;
}

/** Reads our metadata back; anything else (missing, foreign, malformed) names nothing. */
function referenceFrom(metadata: unknown): PaymentReference | undefined {
  const fields = (metadata ?? {}) as Record<string, unknown>;
  const kind = fields.kind;
  if ((kind !== 'wallet' && kind !== 'order') || typeof fields.user_id !== 'string' || typeof fields.ref_id !== 'string') return undefined;
  return { kind, userId: fields.user_id, id: fields.ref_id };
}

/** The gateway's amount ("100.00" or 100) as whole taka; NaN when it is not whole. */
function wholeTaka(amount: unknown): number {
  const value = Number(amount);
  return Number.isSafeInteger(value) ? value : Number.NaN;
}

/**
 * The UddoktaPay-compatible adapter: checkout-v2 and verify-payment with the API key header.
 * The invoice id is the last path segment of the payment URL (UddoktaPay's checkout and the
 * local sandbox both put it there), so that a checkout can be verified before any callback.
 */
export const uddoktaPay: PaymentGateway = {
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
    const invoiceId = new URL(paymentUrl, baseUrl).pathname.split('/').filter(Boolean).pop() ?? '';
    if (!/^https?:\/\//.test(paymentUrl) || !invoiceId) throw new GatewayError('The payment gateway answered without a payment link.', 'unavailable');
    return { paymentUrl, invoiceId };
  },

  async verify(invoiceId) {
    const answer = await call<Record<string, unknown>>('/api/verify-payment', { invoice_id: invoiceId });
    const status = answer.status === 'COMPLETED' || answer.status === 'ERROR' ? answer.status : 'PENDING';
    const payment: VerifiedPayment = {
      invoiceId: String(answer.invoice_id ?? invoiceId),
      status,
      amount: wholeTaka(answer.amount),
      reference: referenceFrom(answer.metadata),
      paymentMethod: String(answer.payment_method ?? ''),
      senderNumber: String(answer.sender_number ?? ''),
      transactionId: String(answer.transaction_id ?? ''),
    };
    return payment;
  },
};
