import { siteUrl } from '../shared/config';
import { type AppError, Conflict, ServiceUnavailable } from '../shared/errors';

/** A checkout to open at the payment gateway. */
export interface CheckoutRequest {
  fullName: string;
  email: string;
  amount: number;
  /** Names what the payment is for; the gateway echoes it back on verify and in the webhook. */
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

/**
 * A payment as the gateway reports it when asked (never as a callback body claims). Amounts are
 * the gateway's decimal strings ("500.00"), compared and summed exactly, never as floats.
 */
export interface VerifiedPayment {
  invoiceId: string;
  /** COMPLETED, PENDING, ERROR, or a newer install's FAILED, REFUNDED…: only COMPLETED is paid. */
  status: string;
  amount: string;
  fee: string;
  chargedAmount: string;
  reference?: PaymentReference;
  paymentMethod: string;
  senderNumber: string;
  transactionId: string;
  /** The gateway's own time of the payment ("YYYY-MM-DD HH:MM:SS"), as it wrote it. */
  date: string;
}

/** A refund of a completed payment back to the payer's wallet at the provider (bKash, Nagad…). */
export interface RefundRequest {
  transactionId: string;
  paymentMethod: string;
  /** Whole taka. */
  amount: number;
  productName: string;
  /** Carries our reference (the order id) so the gateway's panel ties the refund to the order. */
  reason: string;
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
  /**
   * Opens a checkout; answers the URL the payer goes to. The invoice id is not known yet: the
   * gateway names it only when the payer comes back or in its webhook.
   */
  createCheckout(request: CheckoutRequest): Promise<{ paymentUrl: string }>;
  /** Asks the gateway what became of an invoice; an invoice it does not know is a `refused` error. */
  verify(invoiceId: string): Promise<VerifiedPayment>;
  /** Sends a completed payment's money back to the payer; a `refused` error carries the gateway's reason. */
  refund(request: RefundRequest): Promise<void>;
}

/** The statuses after which a payment will not complete any more: a waiting payable is given up. */
const failedStatuses = new Set(['ERROR', 'FAILED', 'CANCELLED', 'CANCELED', 'REJECTED', 'EXPIRED']);

/** Whether the gateway says the payment failed for good (not merely not paid yet, nor refunded). */
export const hasFailed = (payment: Pick<VerifiedPayment, 'status'>) => failedStatuses.has(payment.status);

/** A gateway decimal amount ("500.00", "9.25", "500") in paisa; NaN for anything else (a sign, an exponent, three decimals). */
export function paisaOf(amount: string): number {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * The gateway's own time of a payment ("YYYY-MM-DD HH:MM:SS", as verify writes it) as an ISO
 * instant, read as Bangladesh time (UTC+6, no daylight saving), the clock of the gateway's panel
 * and of the statement the day's report is held against; undefined for anything else.
 */
export function gatewayTimeOf(date: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(date.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const time = Date.UTC(year, month - 1, day, hour - 6, minute, second);
  return Number.isNaN(time) || new Date(time + 6 * 3_600_000).getUTCDate() !== day ? undefined : new Date(time).toISOString();
}

/** Whether a gateway amount is exactly `taka` whole taka ("500.00" and "500" are 500; "500.01" is not). */
export const isExactly = (amount: string, taka: number) => paisaOf(amount) === taka * 100;

/**
 * The links a checkout carries. The payer comes back to `returnPath` of the shop with our own
 * reference (`?payment=<id>`): the gateway appends `invoice_id` after a payment and nothing
 * after a cancel, so the cancel link says so itself. The gateway calls the shop's webhook. The
 * shop's origin is the stage's configured SITE_URL, never a request header: the gateway sends its
 * webhook with the merchant's API key to whatever host these links name.
 */
export function checkoutLinks(
  returnPath: string,
  reference: PaymentReference,
): Pick<CheckoutRequest, 'redirectUrl' | 'cancelUrl' | 'webhookUrl'> {
  const back = `${siteUrl()}${returnPath}?payment=${encodeURIComponent(reference.id)}`;
  return { redirectUrl: back, cancelUrl: `${back}&cancelled=1`, webhookUrl: `${siteUrl()}/api/payment/webhook` };
}

/** How long one gateway call may take: well under the 10 s of the functions that make it, so they can answer their own error. */
export const gatewayTimeoutMs = 4_000;
