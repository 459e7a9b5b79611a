import { masterCategoryFromItem, masterCategoryKey } from '../../catalog/repo';
import { daysBetween } from '../../contract/report-range';
import type { Claim } from '../../orders/claim-rules';
import { orderKey } from '../../orders/repo';
import type { PlanOrder } from '../../orders/types';
import { batchGet } from '../../shared/db';
import { fromItem } from '../../shared/items';
import { mapLimited } from '../../shared/limited';
import { pendingCodeOrderFromItem, pendingCodeOrderKey } from '../../vouchers/pending-repo';
import { type VoucherOrder, voucherFromItem, voucherKey } from '../../vouchers/repo';
import type { ClaimedOrder, ExportedClaim, ExportedOrder } from '../export-views';
import { listDayClaims, listDaySales } from '../repo';

/** How many days' Queries run at once. */
const daysAtOnce = 8;

/** Items by key, 100 a BatchGetItem, four batches at a time; `undefined` where none exists. */
async function readAll(keys: { pk: string; sk: string }[]): Promise<(Record<string, unknown> | undefined)[]> {
  const batches = Array.from({ length: Math.ceil(keys.length / 100) }, (_, i) => keys.slice(i * 100, i * 100 + 100));
  return (await mapLimited(batches, 4, batchGet)).flat();
}

/** The items of `sources` read once per distinct id (`idOf`), by that id. */
async function readDistinct<Source>(
  sources: Source[],
  idOf: (source: Source) => string,
  keyOf: (source: Source) => { pk: string; sk: string },
): Promise<Map<string, Record<string, unknown> | undefined>> {
  const distinct = [...new Map(sources.map((source) => [idOf(source), source])).entries()];
  const items = await readAll(distinct.map(([, source]) => keyOf(source)));
  return new Map(distinct.map(([id], i) => [id, items[i]]));
}

/**
 * What a code sale's item does not carry: its brand (the voucher's, or a guest checkout's record
 * of it) and its brand's name, and how a guest's was paid (their checkout's receipt). Accounts pay
 * codes from the wallet. One BatchGetItem of the distinct vouchers and guests' checkouts, then one
 * of the distinct brands (and of the plans' games none: their name rides on the order).
 */
async function codeOrdersExported(codes: VoucherOrder[]): Promise<ExportedOrder[]> {
  const guests = codes.filter((order) => order.userId.startsWith('guest-'));
  const [vouchers, checkouts] = await Promise.all([
    readDistinct(
      codes,
      (order) => order.voucherId,
      (order) => voucherKey(order.voucherId),
    ),
    readDistinct(
      guests,
      (order) => order.orderId,
      (order) => pendingCodeOrderKey(order.userId, order.orderId),
    ),
  ]);
  const checkoutOf = (order: VoucherOrder) => {
    const item = checkouts.get(order.orderId);
    return item ? pendingCodeOrderFromItem(item) : undefined;
  };
  const brandOf = (order: VoucherOrder) => {
    const voucher = vouchers.get(order.voucherId);
    return checkoutOf(order)?.brandId ?? (voucher ? voucherFromItem(voucher).masterCategoryId : '');
  };
  const brands = await readDistinct(
    codes.map(brandOf).filter(Boolean),
    (id) => id,
    (id) => masterCategoryKey(id),
  );
  return codes.map((order) => {
    const gameId = brandOf(order);
    const brand = brands.get(gameId);
    const checkout = checkoutOf(order);
    return {
      kind: 'voucher',
      order,
      gameId,
      gameName: brand ? masterCategoryFromItem(brand).name : '',
      channel: checkout ? checkout.receipt?.paymentMethod || 'gateway' : 'wallet',
    };
  });
}

/**
 * Every plan order and code sale placed from `from` to `to` (Dhaka days, both included), for the
 * orders' export: one Query of the day index per day, eight days at a time, and the batch reads
 * that name code sales' brands.
 */
export async function ordersExport(from: string, to: string): Promise<ExportedOrder[]> {
  const days = await mapLimited(daysBetween(from, to), daysAtOnce, listDaySales);
  const plans = days.flatMap((day) => day.plans).map((item): ExportedOrder => ({ kind: 'plan', order: fromItem<PlanOrder>(item) }));
  return [...plans, ...(await codeOrdersExported(days.flatMap((day) => day.codes).map((item) => fromItem<VoucherOrder>(item))))];
}

/**
 * Every claim opened from `from` to `to`, with its order's status and refund, for the claims'
 * export: one Query of the day index per day, eight days at a time, and a BatchGetItem per 100
 * distinct orders.
 */
export async function claimsExport(from: string, to: string): Promise<{ claim: ExportedClaim; order: ClaimedOrder | undefined }[]> {
  const claims = (await mapLimited(daysBetween(from, to), daysAtOnce, listDayClaims)).flat().map((item) => fromItem<Claim>(item));
  const orders = await readDistinct(
    claims,
    (claim) => claim.orderId,
    (claim) => orderKey(claim.userId, claim.orderId),
  );
  return claims.map((claim) => {
    const found = orders.get(claim.orderId);
    const item = found && fromItem<PlanOrder>(found);
    return { claim, order: item && { status: item.status, price: item.price, refundedAt: item.refundedAt } };
  });
}
