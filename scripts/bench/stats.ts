/** Small statistics for the bench: medians, percentiles and rounding. */

export function median(values: number[]): number {
  return percentile(values, 50);
}

/** The p-th percentile (nearest rank, 0 < p ≤ 100) of the values; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  if (p === 50 && sorted.length % 2 === 0) return (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export const mean = (values: number[]) =>
  values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;

/** Rounds to `digits` decimals (numbers in the JSON report stay numbers). */
export const round = (value: number, digits = 1) => (Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : value);

/** Bytes as KiB with one decimal. */
export const kib = (bytes: number) => round(bytes / 1024, 1);
