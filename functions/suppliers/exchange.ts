/**
 * Taka and a supplier's currency: the operator's exchange rate is how many whole units of the
 * supplier's currency one taka buys ("133.25" rupiah), a decimal with at most four places, kept
 * as text and computed on exactly (in ten-thousandths), never as a float.
 */

/** A rate as the console takes it: digits, at most four decimals, above zero. */
const ratePattern = /^(\d{1,7})(?:\.(\d{1,4}))?$/;

/** A rate in ten-thousandths of a unit per taka, or undefined when the text is no usable rate. */
export function rateUnits(rate: string): number | undefined {
  const match = ratePattern.exec(rate.trim());
  if (!match) return undefined;
  const units = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  return units > 0 ? units : undefined;
}

/** The most `taka` may buy at `rate`, in whole units of the supplier's currency (rounded down: never more than the taka). */
export const supplierUnitsOf = (taka: number, rate: string) => Math.floor((taka * rateUnits(rate)!) / 10_000);

/** What `units` of the supplier's currency cost in whole taka at `rate` (rounded up: never less than paid). */
export const takaOf = (units: number, rate: string) => Math.ceil((units * 10_000) / rateUnits(rate)!);

/** What `units` of the supplier's currency are worth in whole taka at `rate` (rounded down: never more than held). */
export const takaWorthOf = (units: number, rate: string) => Math.floor((units * 10_000) / rateUnits(rate)!);

/** The home currency: a supplier that prices in it needs no rate. */
export const homeCurrency = 'BDT';
