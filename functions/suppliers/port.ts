/**
 * The fulfilment port to a top-up supplier: one adapter per supplier API (digiflazz.ts), so that a
 * second supplier is one new file. Our order id is the supplier's reference, so every call about an
 * order is idempotent on the supplier's side.
 */

/** A top-up to send, or to ask about: the same request either way. */
export interface TopUpRequest {
  /** Our order id: the supplier's reference (idempotency key). */
  reference: string;
  /** The supplier's product code. */
  sku: string;
  playerId: string;
  /** What one costs us at most (whole units of the supplier's price list): a supplier asking more refuses. */
  maxCost: number;
}

/**
 * What the supplier said of a top-up:
 * - `delivered`, with the supplier's serial;
 * - `pending`: accepted, the outcome comes later (callback or inquiry);
 * - `failed`: a transaction was made and failed for good (the shopper is refunded), with a reason fit to show;
 * - `refused`: no transaction was made (our balance, the price, the product, our credentials): a
 *   person delivers by hand; `priceAboveCost` when the supplier asks more than the recorded cost,
 *   `lowBalance` when our deposit with it is too low (the operators are alerted);
 * - `lost`: no answer we can read (timeout, network, a server error): it is asked about later,
 *   never sent blind again.
 */
export type SupplierOutcome =
  | { kind: 'delivered'; serial: string }
  | { kind: 'pending' }
  | { kind: 'failed'; reason: string }
  | { kind: 'refused'; reason: string; priceAboveCost?: boolean; lowBalance?: boolean }
  | { kind: 'lost' };

export interface Supplier {
  /** How operators know it ("digiflazz"). */
  readonly name: string;
  /** Sends a top-up. */
  topUp(request: TopUpRequest): Promise<SupplierOutcome>;
  /** Asks where a top-up sent before stands, by our reference; never makes a second delivery. */
  inquire(request: TopUpRequest): Promise<SupplierOutcome>;
  /** What is left of our deposit with the supplier; throws when it cannot be read. */
  balance(): Promise<number>;
  /** The reference a callback names, when it carries the supplier's signature over this exact body; undefined otherwise. */
  callbackReference(headers: Record<string, string | undefined>, rawBody: string): Promise<string | undefined>;
}

/** How long one supplier call may take: well under the 10 s of the functions that make it, so a slow one becomes `lost` in time. */
export const supplierTimeoutMs = 4_000;
