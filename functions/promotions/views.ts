import type { PromoCodeRow } from '../contract/admin-wire';
import type { PromoCode } from './rules';

const isoOrNull = (time: number | undefined) => (time === undefined ? null : new Date(time).toISOString());

/** A promo code as the console shows it, with its uses and what it took and brought in so far. */
export const promoCodeView = (code: PromoCode & { uses?: number; discountTotal?: number; revenue?: number }): PromoCodeRow => ({
  code: code.code,
  kind: code.kind,
  value: code.value,
  description: code.description,
  max_discount: code.maxDiscount ?? null,
  min_total: code.minTotal ?? null,
  starts_at: isoOrNull(code.startsAt),
  ends_at: isoOrNull(code.endsAt),
  max_uses: code.maxUses ?? null,
  per_person: code.perPerson,
  plan_ids: code.planIds.join(','),
  voucher_ids: code.voucherIds.join(','),
  game_ids: code.gameIds.join(','),
  refund_returns_use: code.refundReturnsUse ? 1 : 0,
  public: code.public ? 1 : 0,
  active: code.active ? 1 : 0,
  uses: code.uses ?? 0,
  discount_total: code.discountTotal ?? 0,
  revenue: code.revenue ?? 0,
  created_at: code.createdAt,
});
