/**
 * Rounding for stored figures, so the same input always gives the same JSON: money to pence, shares to
 * four decimals, percentiles, FTE and multiples to two. Half-way cases round away from zero after a tiny
 * nudge that absorbs binary representation error (1.005 → 1.01).
 */

function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return 0;
  const scale = 10 ** decimals;
  const rounded = Math.round(Math.abs(value) * scale * (1 + Number.EPSILON)) / scale;
  // Normalise -0 so JSON never shows it.
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

export const roundMoney = (value: number) => roundTo(value, 2);
export const roundShare = (value: number) => roundTo(value, 4);
export const round2 = (value: number) => roundTo(value, 2);

/** Median of numbers (the mean of the two middle values for an even count); 0 for none. Sorts `values`. */
export function medianInPlace(values: Float64Array | number[]): number {
  const n = values.length;
  if (n === 0) return 0;
  values.sort((a, b) => a - b);
  return n % 2 === 1 ? values[(n - 1) / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}
