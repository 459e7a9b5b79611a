import type { InferOutput } from 'valibot';
import type { promoCodeBody, promoCodeEditBody, saleBody } from '../../contract/promotions';
import { type PromoCode, batchPrefixLength, newPromoCode, normalizePromoCode, promoRefusals } from '../../promotions/rules';
import { type Sale, saleShards } from '../../promotions/sale-rules';
import { voucherQuantity } from '../../contract/rules';
import {
  type SaleTarget,
  createPromoCode,
  createPromoCodeBatch,
  createSale,
  editPromoCode,
  endSaleNow,
  setPromoCodeActive,
} from '../../promotions/service';
import { creationStamp } from '../../shared/ids';
import { Invalid, NotFound } from '../../shared/errors';
import { getPlan, planSalesItem, recordedCost } from '../../catalog/repo';
import { type PromoTerms, getPromoCode, getSale, listUseLines } from '../../promotions/repo';
import { getVoucher, voucherSalesItem } from '../../vouchers/repo';
import type { ActiveUser } from '../../users/active-user';

/** The terms a console form sets, as the code keeps them (the create and the edit forms share them). */
const termsOfForm = (form: InferOutput<typeof promoCodeEditBody>): PromoTerms => ({
  description: form.description ?? '',
  maxDiscount: form.max_discount,
  minTotal: form.min_total,
  startsAt: form.starts_at,
  endsAt: form.ends_at,
  perPerson: form.per_person,
  planIds: form.plan_ids,
  voucherIds: form.voucher_ids,
  gameIds: form.game_ids,
  firstOrderOnly: form.first_order_only === '1',
  refundReturnsUse: form.refund_returns_use === '1',
  belowCostAcknowledged: form.below_cost === '1',
  public: form.public === '1',
});

/** The code a console form describes (its name checked); a batch's is its prefix. */
function codeOfForm(form: InferOutput<typeof promoCodeBody>): PromoCode {
  const code = normalizePromoCode(form.code);
  if (!code) throw new Invalid(promoRefusals.malformed);
  return newPromoCode(
    { code, kind: form.kind, value: form.value, maxUses: form.max_uses, active: form.active === '1', ...termsOfForm(form) },
    new Date().toISOString(),
  );
}

/** A code's terms changed from the console's Edit form (audited). */
export const changePromoCode = (user: ActiveUser, code: string, form: InferOutput<typeof promoCodeEditBody>): Promise<PromoCode> =>
  editPromoCode(user.id, code, termsOfForm(form));

/** A new promo code from the console's form (audited with it). */
export const addPromoCode = (user: ActiveUser, form: InferOutput<typeof promoCodeBody>): Promise<PromoCode> =>
  createPromoCode(user.id, codeOfForm(form));

/** A giveaway batch of `count` single-use codes from the console's form, whose code is their prefix (audited). */
export function addPromoCodeBatch(user: ActiveUser, form: InferOutput<typeof promoCodeBody>, count: number) {
  const template = codeOfForm(form);
  if (template.code.length > batchPrefixLength.max) throw new Invalid(promoRefusals.batchPrefix, { code: promoRefusals.batchPrefix });
  if (template.public) throw new Invalid(promoRefusals.batchPublic, { public: promoRefusals.batchPublic });
  return createPromoCodeBatch(user.id, template, count);
}

/**
 * What a sale is on, read for the promotions' rules: a plan (its price, its supplier cost) or a
 * voucher (its price), with its copy of its sales and the write that replaces it.
 */
async function saleTarget(item: { planId?: string; voucherId?: string }): Promise<SaleTarget> {
  if (item.voucherId !== undefined) {
    const voucher = await getVoucher(item.voucherId);
    if (!voucher) throw new NotFound('Voucher not found');
    return { listPrice: voucher.price, sales: voucher.sales, copyItem: (sales) => voucherSalesItem(voucher.id, voucher.sales, sales) };
  }
  const plan = await getPlan(item.planId!);
  if (!plan) throw new NotFound('Plan not found');
  return {
    listPrice: plan.price,
    cost: recordedCost(plan),
    sales: plan.sales,
    copyItem: (sales) => planSalesItem(plan.id, plan.sales, sales),
  };
}

/** A new flash sale on a plan or a voucher from the console's form (audited with it). */
export async function addSale(user: ActiveUser, form: InferOutput<typeof saleBody>): Promise<Sale> {
  const { id, createdAt } = creationStamp();
  const on = form.voucher_id ? { voucherId: form.voucher_id } : { planId: form.plan_id! };
  const sale: Sale = {
    id,
    ...on,
    price: form.price,
    startsAt: form.starts_at,
    endsAt: form.ends_at,
    quantity: form.quantity,
    perPerson: form.per_person,
    // A voucher's order takes up to ten codes: each shard of its units holds a whole order.
    ...(form.voucher_id ? { shards: saleShards(form.quantity, voucherQuantity.max) } : {}),
    createdAt,
  };
  return createSale(user.id, sale, await saleTarget(on), form.below_cost === '1');
}

/** A code paused or resumed from the console (audited). */
export const pausePromoCode = (user: ActiveUser, code: string, active: boolean) => setPromoCodeActive(user.id, code, active);

/** A sale ended now from the console (audited). */
export async function endSale(user: ActiveUser, saleId: string) {
  const sale = await getSale(saleId);
  if (!sale) throw new NotFound('Sale not found');
  return endSaleNow(user.id, sale, await saleTarget(sale));
}

/** A code's uses, newest first; a code that cannot be one is simply not found. */
export async function promoCodeUses(typed: string) {
  const code = normalizePromoCode(typed);
  if (!code || !(await getPromoCode(code))) throw new NotFound('Promo code not found');
  return listUseLines(code);
}

export { listPromoCodes, listSales } from '../../promotions/repo';
