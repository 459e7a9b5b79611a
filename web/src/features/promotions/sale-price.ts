import type { SaleRowFields } from '@contract/wire';

/**
 * An item's price now (a pack, a voucher): its sale price while its sale runs (to the second before `sale_ends_at`) and
 * has units left, else its list price. The server prices the order the same way and says so (409) if
 * they differ.
 */
export function priceNow(item: SaleRowFields & { price: number }, now = Date.now()): number {
  const running = item.sale_price !== undefined && item.sale_ends_at !== undefined && Date.parse(item.sale_ends_at) > now;
  return running && item.sale_left !== 0 ? item.sale_price! : item.price;
}
