import type { PromoCodeRow, PromoUseRow, SaleRow } from '../contract/admin-wire';
import { csvText } from '../shared/csv';
import type { UseLine } from './repo';
import type { SaleRowFields } from '../contract/wire';
import type { SaleOnShow } from './service';
import type { PromoCode } from './rules';
import type { Sale } from './sale-rules';

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
  first_order_only: code.firstOrderOnly ? 1 : 0,
  refund_returns_use: code.refundReturnsUse ? 1 : 0,
  below_cost: code.belowCostAcknowledged ? 1 : 0,
  public: code.public ? 1 : 0,
  active: code.active ? 1 : 0,
  batch: code.batch ?? null,
  uses: code.uses ?? 0,
  discount_total: code.discountTotal ?? 0,
  revenue: code.revenue ?? 0,
  created_at: code.createdAt,
});

/** The contract's sale fields of a listed item while a sale runs (none otherwise). */
export const saleFields = (sale: SaleOnShow | undefined): SaleRowFields =>
  sale ? { sale_price: sale.price, sale_ends_at: new Date(sale.endsAt).toISOString(), sale_left: sale.left ?? null } : {};

/** A sale as the console shows it, with the units sold so far. */
export const saleView = (sale: Sale & { sold?: number; discountTotal?: number; revenue?: number; active?: boolean }): SaleRow => ({
  sale_id: sale.id,
  plan_id: sale.planId ?? null,
  voucher_id: sale.voucherId ?? null,
  price: sale.price,
  starts_at: new Date(sale.startsAt).toISOString(),
  ends_at: new Date(sale.endsAt).toISOString(),
  quantity: sale.quantity ?? null,
  per_person: sale.perPerson ?? null,
  sold: sale.sold ?? 0,
  discount_total: sale.discountTotal ?? 0,
  revenue: sale.revenue ?? 0,
  active: sale.active === false ? 0 : 1,
  created_at: sale.createdAt,
});

/** A use line as the console lists it. */
export const promoUseView = (line: UseLine): PromoUseRow => ({
  order_id: line.orderId,
  user_id: line.userId,
  status: line.status,
  discount: line.discount,
  total: line.total,
  at: line.at,
});

const useColumns = ['at', 'order_id', 'user_id', 'status', 'discount', 'total'] as const;

/** A code's uses as CSV, the same rows as the list. */
export const promoUsesCsv = (rows: PromoUseRow[]) =>
  csvText(
    useColumns,
    rows.map((row) => useColumns.map((column) => row[column])),
  );
