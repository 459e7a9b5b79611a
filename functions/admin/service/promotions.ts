import type { InferOutput } from 'valibot';
import type { promoCodeBody } from '../../contract/promotions';
import { type PromoCode, newPromoCode, normalizePromoCode, promoRefusals } from '../../promotions/rules';
import { createPromoCode } from '../../promotions/service';
import { Invalid } from '../../shared/errors';
import type { ActiveUser } from '../../users/active-user';

/** A new promo code from the console's form (audited with it). */
export function addPromoCode(user: ActiveUser, form: InferOutput<typeof promoCodeBody>): Promise<PromoCode> {
  const code = normalizePromoCode(form.code);
  if (!code) throw new Invalid(promoRefusals.malformed);
  return createPromoCode(
    user.id,
    newPromoCode(
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
        public: form.public === '1',
        active: form.active === '1',
      },
      new Date().toISOString(),
    ),
  );
}

export { listPromoCodes } from '../../promotions/repo';
