import { siteUrl } from '../shared/config';
import { type AppError, Conflict, ServiceUnavailable } from '../shared/errors';

/**
 * The port to a payment gateway: one adapter per gateway API (uddoktapay.ts), found through the
 * registry (registry.ts), so that a second gateway is its adapter and one entry there. Adapters
 * answer in the shop's words (`PaymentOutcome`), authenticate their own webhooks, and take our
 * reference (what the payment is for) as the payment's metadata, so every payment is matched by it.
 */

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
/** The kinds of payables: a wallet top-up, a plan order, a guest's codes (reserved at checkout). */
export const paymentKinds = ['wallet', 'order', 'codes'] as const;
export type PaymentKind = (typeof paymentKinds)[number];

/** Whether a stored or received kind names one of ours. */
export const isPaymentKind = (kind: unknown): kind is PaymentKind => paymentKinds.includes(kind as PaymentKind);

export type PaymentState = 'pending' | 'completed' | 'cancelled';

/** What a gateway payment pays for: a wallet top-up request, a plan order or a guest's voucher codes, of one user (or guest partition). */
export interface PaymentReference {
  kind: PaymentKind;
  userId: string;
  id: string;
}

/** An invoice at a gateway: invoice ids are each gateway's own, unique only within it. */
export interface Invoice {
  gateway: string;
  invoiceId: string;
}

/**
 * The gateway a stored record (a payable, a receipt, an invoice hint) names: those written before
 * records named one were all opened at, and paid through, the first gateway, UddoktaPay.
 */
export const gatewayOf = (record: { gateway?: string }) => record.gateway ?? 'uddoktapay';

/**
 * What a gateway says of a payment, in the shop's words; each adapter maps its own statuses:
 * - `paid`: the money is taken (only this pays anything);
 * - `pending`: not yet, and it may still be paid (an approval hours later);
 * - `failed`: it will not be paid any more (refused, failed, cancelled, expired);
 * - `refunded`: it was paid and has been given back;
 * - `unknown`: a status the adapter does not know: not paid, and not given up either.
 */
export type PaymentOutcome = 'paid' | 'pending' | 'failed' | 'refunded' | 'unknown';

/**
 * A payment as the gateway reports it when asked (never as a callback body claims). Amounts are
 * the gateway's decimal strings ("500.00"), compared and summed exactly, never as floats.
 */
export interface VerifiedPayment extends Invoice {
  outcome: PaymentOutcome;
  /** The gateway's own word for it (COMPLETED, PENDING…), for logs and the operators only: the shop decides on `outcome`. */
  status: string;
  amount: string;
  fee: string;
  chargedAmount: string;
  reference?: PaymentReference;
  paymentMethod: string;
  senderNumber: string;
  transactionId: string;
  /** When the gateway says the payment was made, as an instant (its own clock), when it says it in a form we read. */
  paidAt?: string;
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

/** A call to a gateway's webhook path, as the handler stack read it: whether it is the gateway's own is for its adapter to say. */
export interface GatewayCallback {
  headers: Record<string, string | undefined>;
  /** The body as parsed (JSON, urlencoded or multipart), in the gateway's own fields. */
  body: Record<string, unknown>;
  /** The exact text it sent, for a gateway that signs its bytes. */
  rawBody: string;
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

/** One payment gateway's API, behind the port. */
export interface PaymentGateway {
  /** Its name in the registry, in the stage settings, in its webhook path and in the keys of its invoices: lower-case letters and digits. */
  readonly name: string;
  /** The shop's path its checkouts name for its webhook, under /api, when not `/payment/{name}/webhook` (UddoktaPay's is the contract's `/payment/webhook`). */
  readonly webhookPath?: string;
  /**
   * Opens a checkout; answers the URL the payer goes to. The invoice id is not known yet: the
   * gateway names it only when the payer comes back or in its webhook.
   */
  createCheckout(request: CheckoutRequest): Promise<{ paymentUrl: string }>;
  /** Asks the gateway what became of an invoice; an invoice it does not know is a `refused` error. */
  verify(invoiceId: string): Promise<VerifiedPayment>;
  /** Sends a completed payment's money back to the payer; a `refused` error carries the gateway's reason. */
  refund(request: RefundRequest): Promise<void>;
  /**
   * Whether a call to its webhook path is the gateway's own (its key, its signature), compared in
   * constant time; asked before anything else is read from the call.
   */
  isAuthentic(callback: GatewayCallback): Promise<boolean>;
  /** The invoice an authentic callback names (a 400 when it names none); only a reason to ask `verify`, never trusted itself. */
  invoiceNamedBy(callback: GatewayCallback): string;
}

/** A gateway decimal amount ("500.00", "9.25", "500") in paisa; NaN for anything else (a sign, an exponent, three decimals). */
export function paisaOf(amount: string): number {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * A gateway's time of a payment written as Bangladesh wall-clock time ("YYYY-MM-DD HH:MM:SS", as
 * UddoktaPay's verify writes it) as an ISO instant, read as UTC+6 (no daylight saving), the clock
 * of the gateway's panel and of the statement the day's report is held against; undefined for
 * anything else.
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

/** The shop's webhook path of a gateway, under /api: its own, else the route `/payment/{gateway}/webhook`. */
export const webhookPath = (gateway: Pick<PaymentGateway, 'name' | 'webhookPath'>) =>
  gateway.webhookPath ?? `/payment/${gateway.name}/webhook`;

/**
 * The links a checkout at `gateway` carries. The payer comes back to `returnPath` of the shop with
 * our own reference (`?payment=<id>`): the gateway appends `invoice_id` after a payment and nothing
 * after a cancel, so the cancel link says so itself. The gateway calls its own webhook path of the
 * shop. The shop's origin is the stage's configured SITE_URL, never a request header: the gateway
 * sends its webhook with the merchant's credentials to whatever host these links name.
 */
export function checkoutLinks(
  gateway: Pick<PaymentGateway, 'name' | 'webhookPath'>,
  returnPath: string,
  reference: PaymentReference,
): Pick<CheckoutRequest, 'redirectUrl' | 'cancelUrl' | 'webhookUrl'> {
  const back = `${siteUrl()}${returnPath}?payment=${encodeURIComponent(reference.id)}`;
  return { redirectUrl: back, cancelUrl: `${back}&cancelled=1`, webhookUrl: `${siteUrl()}/api${webhookPath(gateway)}` };
}

/**
 * A gateway's base URL from the stage settings (`gatewayUrls` in cdk.json, GATEWAY_URLS to the
 * functions), for an adapter to read when it calls; UddoktaPay's is GATEWAY_URL. Throws for a
 * gateway the stage gives no URL, so a registered but unconfigured gateway fails where it is used.
 */
export function gatewayUrlOf(name: string): string {
  let urls: Record<string, unknown> = {};
  try {
    urls = JSON.parse(process.env.GATEWAY_URLS || '{}') as Record<string, unknown>;
  } catch {
    throw new Error('GATEWAY_URLS is not JSON');
  }
  const url = urls[name];
  if (typeof url !== 'string' || !url) throw new Error(`The stage gives no URL for the payment gateway "${name}" (gatewayUrls)`);
  return url.replace(/\/+$/, '');
}

/** How long one gateway call may take: well under the 10 s of the functions that make it, so they can answer their own error. */
export const gatewayTimeoutMs = 4_000;
