import type { InferOutput } from 'valibot';
import type { promoCodeBody, saleBody } from '../../contract/promotions';
import { type PromoCode, batchPrefixLength, newPromoCode, normalizePromoCode, promoRefusals } from '../../promotions/rules';
import type { Sale } from '../../promotions/sale-rules';
import { createPromoCode, createPromoCodeBatch, createSale, endSaleNow, setPromoCodeActive } from '../../promotions/service';
import { creationStamp } from '../../shared/ids';
import { Invalid, NotFound } from '../../shared/errors';
import { getPromoCode, listUseLines } from '../../promotions/repo';
import type { ActiveUser } from '../../users/active-user';

/** The code a console form describes (its name checked); a batch's is its prefix. */
function codeOfForm(form: InferOutput<typeof promoCodeBody>): PromoCode {
  const code = normalizePromoCode(form.code);
  if (!code) throw new Invalid(promoRefusals.malformed);
  return newPromoCode(
    {
      code,
      kind: form.kind,
      value: form.value,
      description: form.description ?? '',
      maxDiscount: form.max_discount,
      minTotal: form.min_total,
      startsAt: form.starts_at,
      endsAt: form.ends_at,
      maxUses: form.max_uses,
      perPerson: form.per_person,
      planIds: form.plan_ids,
      voucherIds: form.voucher_ids,
      gameIds: form.game_ids,
      refundReturnsUse: form.refund_returns_use === '1',
      belowCostAcknowledged: form.below_cost === '1',
      public: form.public === '1',
      active: form.active === '1',
    },
    new Date().toISOString(),
  );
}

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

/** A new flash sale from the console's form (audited with it). */
export function addSale(user: ActiveUser, form: InferOutput<typeof saleBody>): Promise<Sale> {
  const { id, createdAt } = creationStamp();
  return createSale(
    user.id,
    {
      id,
      planId: form.plan_id!,
      price: form.price,
      startsAt: form.starts_at,
      endsAt: form.ends_at,
      quantity: form.quantity,
      perPerson: form.per_person,
      createdAt,
    },
    form.below_cost === '1',
  );
}

/** A code paused or resumed from the console (audited). */
export const pausePromoCode = (user: ActiveUser, code: string, active: boolean) => setPromoCodeActive(user.id, code, active);

/** A sale ended now from the console (audited). */
export const endSale = (user: ActiveUser, saleId: string) => endSaleNow(user.id, saleId);

/** A code's uses, newest first; a code that cannot be one is simply not found. */
export async function promoCodeUses(typed: string) {
  const code = normalizePromoCode(typed);
  if (!code || !(await getPromoCode(code))) throw new NotFound('Promo code not found');
  return listUseLines(code);
}

export { listPromoCodes, listSales } from '../../promotions/repo';
