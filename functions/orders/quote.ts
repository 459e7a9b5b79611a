import { planFromItem, planKey, recordedCost } from '../catalog/repo';
import type { Quote } from '../promotions/rules';
import { type SalePrice, pricePromo, promoRequest, saleForBuyer, saleLine } from '../promotions/service';
import { batchGet } from '../shared/db';
import { NotFound } from '../shared/errors';
import { voucherListing } from '../vouchers/repo';

/** What the shop is asked to price: a plan, or a voucher and a quantity, with a code or none. */
export interface QuoteRequest {
  planId?: string;
  voucherId?: string;
  qty: number;
  coupanCode?: string;
}

/** The sale a quote names: its price, its end and the units left (null without a cap); null when none prices the item. */
export interface QuotedSale {
  price: number;
  endsAt: number;
  left: number | null;
}
const quotedSale = (sale: SalePrice | undefined): QuotedSale | null =>
  sale ? { price: sale.sale.price, endsAt: sale.sale.endsAt, left: sale.left ?? null } : null;

/**
 * The price a checkout will charge now: a plan and the code in one BatchGetItem, or a voucher's
 * listing and the code in two calls at once; a running sale with a cap, its shards once more. A
 * code that cannot apply is refused with its reason. Asked without an account, so a person's own uses are
 * counted when the order is placed, where the same rules price it.
 */
export async function quote(request: QuoteRequest): Promise<Quote & { sale: QuotedSale | null }> {
  const promo = promoRequest(request.coupanCode, {}, 'all');
  if (request.voucherId !== undefined) {
    // Read from the voucher's listing: its own partition also holds its unsold codes, which no public function may read.
    const [voucher, promoItems] = await Promise.all([voucherListing(request.voucherId), promo ? batchGet(promo.keys) : []]);
    if (!voucher) throw new NotFound('Voucher not found');
    const now = Date.now();
    const sale = await saleForBuyer(voucher.sales, {}, now, request.qty);
    const line = saleLine({ gameId: voucher.masterCategoryId, voucherId: voucher.id }, voucher.price, request.qty, sale);
    return { ...pricePromo(promo, promoItems, line, now, sale).quote, sale: quotedSale(sale) };
  }
  const [planItem, ...promoItems] = await batchGet([planKey(request.planId!), ...(promo?.keys ?? [])]);
  if (!planItem) throw new NotFound('Plan not found');
  const plan = planFromItem(planItem);
  const now = Date.now();
  const sale = await saleForBuyer(plan.sales, {}, now);
  const line = saleLine({ gameId: plan.masterCategoryId, planId: plan.id, cost: recordedCost(plan) }, plan.price, 1, sale);
  return { ...pricePromo(promo, promoItems, line, now, sale).quote, sale: quotedSale(sale) };
}
