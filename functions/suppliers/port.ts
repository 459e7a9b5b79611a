/**
 * The fulfilment port to a top-up supplier: one adapter per supplier API (digiflazz.ts), so that a
 * second supplier is one new file. Our order id is the supplier's reference, so every call about an
 * order is idempotent on the supplier's side. Amounts in the supplier's own currency are whole
 * units of it (`currency`); the shop converts with an operator's exchange rate.
 */

/** A top-up to send, or to ask about: the same request either way. */
export interface TopUpRequest {
  /** Our order id: the supplier's reference (idempotency key). */
  reference: string;
  /** The supplier's product code. */
  sku: string;
  playerId: string;
  /** The most one may cost, in whole units of the supplier's currency: a supplier asking more refuses. */
  maxPrice: number;
}

/** Why a refusal needs more than a person delivering by hand: the operators are told, and the plan may stop. */
export type RefusalAlert = 'balance' | 'setup';

/**
 * What the supplier said of a top-up:
 * - `delivered`, with the supplier's serial and, when it says, its price (supplier currency);
 * - `pending`: accepted, the outcome comes later (callback or inquiry);
 * - `failed`: a transaction was made and failed for good (the shopper is refunded), with a reason fit to show;
 * - `refused`: no transaction exists (our balance, the price, the product, our set-up): a person
 *   delivers by hand; `pausePlan` when every next order of the plan would be refused the same way
 *   (its price, its product code, our credentials or address), `alert` what the operators are told;
 * - `later`: the supplier did not say where the top-up stands (it asked us to wait, or refused the
 *   question itself): asked again after the wait, the delivery left as it is; `setup` when our own
 *   set-up made it refuse the question (the operators are told);
 * - `lost`: no answer we can read (timeout, network, a server error): it is asked about later,
 *   never sent blind again.
 */
export type SupplierOutcome =
  | { kind: 'delivered'; serial: string; price?: number }
  | { kind: 'pending' }
  | { kind: 'failed'; reason: string }
  | { kind: 'refused'; reason: string; pausePlan?: boolean; alert?: RefusalAlert }
  | { kind: 'later'; reason: string; setup?: boolean }
  | { kind: 'lost' };

/** What a supplier's callback is: a set-up ping, or a report about one of our top-ups in the supplier's own (signed) words. */
export type SupplierCallback =
  | { kind: 'ping' }
  | { kind: 'report'; reference: string; playerId: string; sku: string; outcome: SupplierOutcome };

export interface Supplier {
  /** How operators know it ("digiflazz"). */
  readonly name: string;
  /** The ISO 4217 code of the currency it prices in ("IDR"); other than BDT, the shop needs an exchange rate. */
  readonly currency: string;
  /** Whether it answers only calls from an address whitelisted with it (the stage's fixed outbound address). */
  readonly needsFixedAddress: boolean;
  /** The least time between two calls about one top-up that the supplier asks for. */
  readonly callSpacingSeconds: number;
  /** How long after a top-up it may still be asked about (past it, a question would make a new one). */
  readonly askableForDays: number;
  /** Sends a top-up. */
  topUp(request: TopUpRequest): Promise<SupplierOutcome>;
  /** Asks where a top-up sent before stands, by our reference; never makes a second delivery. */
  inquire(request: TopUpRequest): Promise<SupplierOutcome>;
  /** What is left of our deposit with the supplier, in its currency; throws when it cannot be read. */
  balance(): Promise<number>;
  /** What a callback says, when it carries the supplier's signature over this exact body (a ping needs none); undefined otherwise. */
  readCallback(headers: Record<string, string | undefined>, rawBody: string): Promise<SupplierCallback | undefined>;
}

/** How long one supplier call may take: well under the timeouts of the functions that make it, so a slow one becomes `lost` in time. */
export const supplierTimeoutMs = 4_000;
