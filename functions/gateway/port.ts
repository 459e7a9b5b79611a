import { siteUrl } from '../shared/config';
import { type AppError, Conflict, ServiceUnavailable } from '../shared/errors';

/** A checkout to open at the payment gateway. */
export interface CheckoutRequest {
  fullName: string;
  email: string;
  amount: number;
  /** Names what the payment is for; the gateway echoes it back on verify. */
  metadata: PaymentReference;
  redirectUrl: string;
  cancelUrl: string;
  webhookUrl: string;
}

/**
 * Where a gateway payment stands on our side: waiting for the payer, paid (credited or ordered,
 * once), or given up (refused, failed or expired).
 */
export type PaymentState = 'pending' | 'completed' | 'cancelled';

/** What a gateway payment pays for: a wallet top-up request or a plan order, of one user. */
export interface PaymentReference {
  kind: 'wallet' | 'order';
  userId: string;
  id: string;
}

/** A payment as the gateway reports it when asked (never as a callback body claims). */
export interface VerifiedPayment {
  invoiceId: string;
  status: 'COMPLETED' | 'PENDING' | 'ERROR';
  /** Whole taka, or NaN when the gateway's amount is not a whole number. */
  amount: number;
  reference?: PaymentReference;
  paymentMethod: string;
  senderNumber: string;
  transactionId: string;
}

/**
 * The gateway failed (`unavailable`: unreachable, slow, a server error or an answer we cannot
 * read) or refused the request (`refused`: its own words, fit to show the payer).
 */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly kind: 'unavailable' | 'refused',
  ) {
    super(message);
    this.name = 'GatewayError';
  }

  /** What the shopper is told: try again later (503), or the gateway's refusal as a business refusal (409). */
  toShopperError(): AppError {
    return this.kind === 'unavailable'
      ? new ServiceUnavailable('The payment service is not available right now. Please try again in a few minutes.')
      : new Conflict(this.message);
  }
}

/** The one port to the payment gateway; the UddoktaPay adapter implements it. */
export interface PaymentGateway {
  /** Opens a checkout; answers the URL the payer goes to and the invoice it will settle. */
  createCheckout(request: CheckoutRequest): Promise<{ paymentUrl: string; invoiceId: string }>;
  /** Asks the gateway what became of an invoice. */
  verify(invoiceId: string): Promise<VerifiedPayment>;
}

/**
 * The links a checkout carries: the payer comes back (paid or cancelled) to `returnPath` of the
 * shop, with the invoice id, and the gateway calls the shop's webhook. The shop's origin is the
 * stage's configured SITE_URL, never a request header: the gateway sends its webhook with the
 * merchant's API key to whatever host these links name.
 */
export function checkoutLinks(returnPath: string): Pick<CheckoutRequest, 'redirectUrl' | 'cancelUrl' | 'webhookUrl'> {
  const siteOrigin = siteUrl();
  return { redirectUrl: `${siteOrigin}${returnPath}`, cancelUrl: `${siteOrigin}${returnPath}`, webhookUrl: `${siteOrigin}/api/payment/webhook` };
}

/** How long one gateway call may take: well under the 10 s of the functions that make it, so they can answer their own error. */
export const gatewayTimeoutMs = 4_000;
