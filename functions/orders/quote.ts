import { planFromItem, planKey } from '../catalog/repo';
import { promoRefusals, type Quote } from '../promotions/rules';
import { pricePromo, promoRequest } from '../promotions/service';
import { batchGet } from '../shared/db';
import { Invalid, NotFound } from '../shared/errors';

/** What the shop is asked to price: a plan, or a voucher and a quantity, with a code or none. */
export interface QuoteRequest {
  planId?: string;
  voucherId?: string;
  qty: number;
  coupanCode?: string;
}

/**
 * The price a top-up's checkout will charge now, in one BatchGetItem: the plan and the code. A code that
 * cannot apply is refused with its reason. Asked without an account, so a person's own uses are
 * counted when the order is placed, where the same rules price it.
 */
export async function quote(request: QuoteRequest): Promise<Quote & { sale: null }> {
  const promo = promoRequest(request.coupanCode, {});
  // A voucher's item shares its partition with its unsold codes, which no public function may
  // read (functions/routes/partitions.ts): its quote waits for a price kept apart.
  if (request.voucherId !== undefined) throw new Invalid(promoRefusals.topUpsOnly);
  const [planItem, ...promoItems] = await batchGet([planKey(request.planId!), ...(promo?.keys ?? [])]);
  if (!planItem) throw new NotFound('Plan not found');
  const plan = planFromItem(planItem);
  const line = { gameId: plan.masterCategoryId, planId: plan.id, total: plan.price, onSale: false };
  return { ...pricePromo(promo, promoItems, line, Date.now()).quote, sale: null };
}
