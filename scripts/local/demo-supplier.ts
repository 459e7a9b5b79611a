/**
 * The demo's automatic plans at the supplier: each product code with what the fake supplier sells
 * it for (whole rupiah, as Digiflazz prices) and the cost the seed records on its plan (whole taka,
 * the margin guard's), and the exchange rate the seed sets, at which each cost covers its price.
 * Apart from the seed, which loads the domain code, so that the stack can name them before its table exists.
 */
export const demoSupplierProducts = {
  FF100: { rupiah: 9_000, taka: 68 },
  FF310: { rupiah: 27_000, taka: 205 },
} as const;

/** Rupiah one taka buys, as the demo's console shows it set (68 taka at this rate is 9,044 rupiah: above FF100's 9,000). */
export const demoRupiahPerTaka = '133';

/** What the fake supplier sells, by product code, in rupiah. */
export const demoSupplierPrices: Record<string, number> = Object.fromEntries(
  Object.entries(demoSupplierProducts).map(([sku, product]) => [sku, product.rupiah]),
);
