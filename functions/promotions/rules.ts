/**
 * The rules of promo codes, pure: what a code is, what it takes off a line, and why it cannot
 * apply. Money is whole taka; times are epoch milliseconds (the console's Dhaka times parsed at the edge).
 */

/** A promo code as the operator set it up, with how often it has been used. */
export interface PromoCode {
  /** Upper case, 3–20 letters and digits. */
  code: string;
  kind: 'percent' | 'fixed';
  /** Percent (1–100) or taka. */
  value: number;
  maxDiscount?: number;
  minTotal?: number;
  startsAt?: number;
  endsAt?: number;
  /** Uses in all; none: no limit. */
  maxUses?: number;
  /** Uses per person (the account, the player ID and the verified mobile number each count). */
  perPerson: number;
  /**
   * Only for a person's first paid order: the buyer's number must be verified, and neither the
   * account, the player ID nor that number may have bought before (absent on older codes: false).
   */
  firstOrderOnly?: boolean;
  /** Limited to these (none in all three: everything). */
  planIds: string[];
  voucherIds: string[];
  gameIds: string[];
  refundReturnsUse: boolean;
  /** The operator's acknowledgement that the code may take a plan to or below its recorded cost. */
  belowCostAcknowledged: boolean;
  public: boolean;
  active: boolean;
  description: string;
  createdAt: string;
  /** The giveaway batch a single-use code was made in (none: made on its own). */
  batch?: string;
}

/**
 * A new code with the console's defaults for what was not given: one use per person, everything
 * in scope, private, active, a refund keeping the use.
 */
export const newPromoCode = (fields: Pick<PromoCode, 'code' | 'kind' | 'value'> & Partial<PromoCode>, now: string): PromoCode => ({
  perPerson: 1,
  planIds: [],
  voucherIds: [],
  gameIds: [],
  refundReturnsUse: false,
  belowCostAcknowledged: false,
  public: false,
  active: true,
  description: '',
  createdAt: now,
  ...fields,
});

/**
 * What counts uses: a promo code, or a flash sale's units (sale-rules.ts `saleCounter`). Its name
 * is its partition's; `perPerson` absent counts no person.
 */
export interface UseCounter {
  code: string;
  maxUses?: number;
  /** How many shards, where not `promoShardCount(maxUses)` (a sale whose orders take several units). */
  shards?: number;
  perPerson?: number;
  refundReturnsUse: boolean;
  active: boolean;
  /** A code for a person's first paid order (`PromoCode.firstOrderOnly`). */
  firstOrderOnly?: boolean;
}

/** A giveaway batch: 2 to 1,000 single-use codes, each its prefix and 8 random characters. */
export const batchSize = { min: 2, max: 1000 } as const;
export const batchPrefixLength = { min: 3, max: 12 } as const;

/**
 * The names of a batch's codes: the prefix and 8 characters of an alphabet without I, L, O or U
 * (read aloud or typed from a screenshot without doubt), distinct within the batch.
 */
export function batchCodeNames(prefix: string, count: number, randomCharacters: () => string): string[] {
  const names = new Set<string>();
  while (names.size < count) names.add(`${prefix}${randomCharacters()}`);
  return [...names];
}

/** What a code is asked about: one line of a checkout. */
export interface PricedLine {
  gameId: string;
  planId?: string;
  voucherId?: string;
  /** The line's total before any code (unit price × quantity), at the sale price while one runs. */
  total: number;
  /** Whether the line is at a sale price (codes do not stack on sales). */
  onSale: boolean;
  /** The line at the list price, when a sale prices it lower. */
  listTotal?: number;
  /** What the line costs us, where that is recorded (a supplier plan's cost × quantity). */
  cost?: number;
}

/** Why a code cannot apply, in words a shopper understands. */
export const promoRefusals = {
  malformed: 'A promo code has only letters and digits: please check it',
  unknown: 'This promo code does not exist',
  paused: 'This promo code is not available right now',
  notStarted: 'This promo code is not active yet',
  expired: 'This promo code has expired',
  usedUp: 'This promo code has been used up',
  ownLimit: 'You have already used this promo code',
  notForItem: 'This promo code is not valid for this item',
  withSale: 'A promo code cannot be used with a sale price',
  firstOrderOnly: 'This promo code is for a first order only',
  verifyMobile: 'Verify your mobile number in your profile to use this promo code',
  minTotal: (minTotal: number) => `This promo code needs an order of at least ৳${minTotal}`,
  batchPrefix: `A batch's prefix has ${batchPrefixLength.min} to ${batchPrefixLength.max} letters and digits`,
  batchPublic: 'A batch of single-use codes cannot be public',
} as const;

/**
 * Why a first-order code cannot apply to this buyer: no proved number to count them by, or a
 * person of theirs (account, player ID, number) that has bought before. Other codes: never.
 */
export function firstOrderRefusal(
  code: Pick<PromoCode, 'firstOrderOnly'>,
  buyer: { verifiedMobile?: string; boughtBefore: boolean },
): string | undefined {
  if (!code.firstOrderOnly) return undefined;
  if (!buyer.verifiedMobile) return promoRefusals.verifyMobile;
  return buyer.boughtBefore ? promoRefusals.firstOrderOnly : undefined;
}

/**
 * The code as typed, trimmed and upper-cased; undefined for one that cannot be a code. Inner
 * spaces and look-alike characters (a Cyrillic А, a full-width digit) are refused, never stripped,
 * so "S ALE" is not a second way to type "SALE".
 */
export function normalizePromoCode(typed: string): string | undefined {
  const code = typed.trim().toUpperCase();
  return /^[A-Z0-9]{3,20}$/.test(code) ? code : undefined;
}

/**
 * What a code takes off a line: a percent is floored to whole taka on the line's total; a
 * maximum caps it; never negative and never more than the line.
 */
export function discountOf(code: Pick<PromoCode, 'kind' | 'value' | 'maxDiscount'>, lineTotal: number): number {
  const raw = code.kind === 'percent' ? Math.floor((lineTotal * code.value) / 100) : code.value;
  const capped = code.maxDiscount === undefined ? raw : Math.min(raw, code.maxDiscount);
  return Math.max(0, Math.min(capped, lineTotal));
}

/** Whether the code covers the line's plan, voucher or game (a code limited to nothing covers everything). */
function covers(code: PromoCode, line: PricedLine): boolean {
  if (code.planIds.length + code.voucherIds.length + code.gameIds.length === 0) return true;
  return (
    (line.planId !== undefined && code.planIds.includes(line.planId)) ||
    (line.voucherId !== undefined && code.voucherIds.includes(line.voucherId)) ||
    code.gameIds.includes(line.gameId)
  );
}

/**
 * Why the code cannot apply to the line now, before its uses are counted (that happens in the
 * order's own transaction); undefined when it can.
 */
export function promoRefusal(code: PromoCode, line: PricedLine, now: number): string | undefined {
  if (!code.active) return promoRefusals.paused;
  if (code.startsAt !== undefined && now < code.startsAt) return promoRefusals.notStarted;
  if (code.endsAt !== undefined && now >= code.endsAt) return promoRefusals.expired;
  if (!covers(code, line)) return promoRefusals.notForItem;
  if (line.onSale) return promoRefusals.withSale;
  if (code.minTotal !== undefined && line.total < code.minTotal) return promoRefusals.minTotal(code.minTotal);
  // Selling at or below cost is only ever on purpose: the operator said so on the code.
  if (line.cost !== undefined && !code.belowCostAcknowledged && line.total - discountOf(code, line.total) <= line.cost)
    return promoRefusals.notForItem;
  return undefined;
}

/** A quote: what the line costs before and after the code. */
export interface Quote {
  /** The list price (× quantity). */
  price: number;
  discount: number;
  total: number;
  coupanCode: string;
}

/** What a code took off a quote, as the statement's ledger line records it; undefined without a code's discount. */
export const codeDiscountOf = (quote: Quote) => (quote.discount > 0 ? { amount: quote.discount, code: quote.coupanCode } : undefined);

/** The quote of a line with an applicable code (or none). */
export function quoteOf(line: PricedLine, code: PromoCode | undefined): Quote {
  const discount = code ? discountOf(code, line.total) : 0;
  return { price: line.listTotal ?? line.total, discount, total: line.total - discount, coupanCode: code?.code ?? '' };
}

/**
 * The most shards a counter has. 32 measured no faster than 8 on DynamoDB Local (its cost is the
 * transaction's items, not conflicts), while every quote and every full shard's re-read reads them all.
 */
export const maxShards = 8;

/** How many shards a code's use counter has: its limit spread so that buyers of one code do not queue on one item. */
export const promoShardCount = (maxUses: number | undefined) => Math.max(1, Math.min(maxShards, maxUses ?? maxShards));

/** Each shard's share of a counter's uses (the first shards take the remainder); no limit, none. `count` overrides how many shards. */
export function shardLimits(maxUses: number | undefined, count = promoShardCount(maxUses)): (number | undefined)[] {
  if (maxUses === undefined) return Array.from({ length: count }, () => undefined);
  return Array.from({ length: count }, (_, index) => Math.floor(maxUses / count) + (index < maxUses % count ? 1 : 0));
}

/** One shard of a code's use counter: its uses and its share of the limit (none: no limit). */
export interface PromoShard {
  shard: number;
  uses: number;
  limit?: number;
}

/** A shard with room, picked at random among those with room so that concurrent buyers spread; undefined when the code is used up. */
export function shardWithRoom(shards: PromoShard[], pick: (count: number) => number): number | undefined {
  const open = shards.filter((shard) => shard.limit === undefined || shard.uses < shard.limit);
  return open.length === 0 ? undefined : open[pick(open.length)]!.shard;
}

/**
 * A use as a gateway checkout holds it until its payment settles: enough to confirm it or give it
 * back without reading the code again.
 */
export interface HeldUse {
  code: string;
  shard: number;
  persons: string[];
  /** What the code or the sale took off the list price. */
  discount: number;
  total: number;
  /** Whether a refund of the order gives the use back (the code's `refund_returns_use`). */
  returnsOnRefund: boolean;
  /** A sale's units taken by the order (several codes of a voucher); absent: one. */
  units?: number;
}
