// Numbers as a British consultant reads them: money in the list's own currency with thousands separators,
// shares as percentages, percentiles as ordinals. One place, so every panel and chart agrees.

const LOCALE = 'en-GB';
const whole = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });
// FTE, spans and shares always show their one decimal, so a column of them lines up (5.0% under 53.6%).
const fixedOneDecimal = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat(LOCALE, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * Money: every function takes the ISO 4217 code of the list's currency (a dataset summary's is
 * `summaryCurrency(summary)`), so a dollar list never reads as pounds. Numbers keep the en-GB style; the sign
 * is the short one a British reader knows ($, not US$) for pounds, dollars and euros, the international
 * one otherwise (CA$, ₹).
 */
const NARROW_SIGNS = new Set(['GBP', 'USD', 'EUR']);
const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(currency: string, decimals: 0 | 1, fixed: boolean): Intl.NumberFormat {
  const key = `${currency}|${decimals}|${fixed}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency,
      currencyDisplay: NARROW_SIGNS.has(currency) ? 'narrowSymbol' : 'symbol',
      minimumFractionDigits: fixed ? decimals : 0,
      maximumFractionDigits: decimals,
    });
    moneyFormats.set(key, format);
  }
  return format;
}

/** £46,456 or $46,456: whole units, for averages, tables and anything a reader adds up. */
export const formatMoney = (value: number, currency: string) => moneyFormat(currency, 0, false).format(value);

const SCALES = [
  { size: 1e9, suffix: 'bn' },
  { size: 1e6, suffix: 'm' },
] as const;

/**
 * £3.6bn, $48.2m, £46,456: millions and billions to one decimal, smaller amounts in whole units. For headline
 * figures and tight places, where £3,630,500,108 would overflow and says no more.
 */
export function formatMoneyShort(value: number, currency: string): string {
  // Rounded first, so 999,960,000 reads as 1.0bn rather than 1,000.0m.
  const scale = SCALES.find((s) => Math.abs(value) >= s.size * 0.99995);
  return scale ? `${moneyFormat(currency, 1, true).format(value / scale.size)}${scale.suffix}` : formatMoney(value, currency);
}

/** £1.2m, £250k, £900: chart axes, where a tick needs as few characters as it can. */
export function formatMoneyCompact(value: number, currency: string): string {
  const scale = [...SCALES, { size: 1e3, suffix: 'k' }].find((s) => Math.abs(value) >= s.size * 0.99995);
  return scale ? `${moneyFormat(currency, 1, false).format(value / scale.size)}${scale.suffix}` : formatMoney(value, currency);
}

/** The sign of a currency as the money figures show it: £, $, €, CA$. */
export function currencySign(currency: string): string {
  return moneyFormat(currency, 0, false).formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency;
}

export { currencyName, currencyWords } from '../exports/labels.ts';

/** An employer cost multiplier exactly as the figures use it: 1.23, never rounded to 1.2. */
export const formatMultiplier = (value: number) => twoDecimals.format(value);
/** 12,345: counts, and people, who are whole. */
export const formatCount = (value: number) => whole.format(value);
/** 38.6, 4.0 (spans, percentile points): one decimal, always shown. */
export const formatDecimal = (value: number) => fixedOneDecimal.format(value);
/** 1,776.9 full-time equivalents: FTE has one decimal, always shown. */
export const formatFte = (value: number) => fixedOneDecimal.format(value);
/** A 0–1 share as 24.2% or 5.0%: one decimal, always shown. */
export const formatShare = (value: number) => percent.format(value);
/** A percentage given as a number (a benchmark quartile, rounded to a whole percent by rule: 24 → 24%). */
export const formatPercentNumber = (value: number) => `${oneDecimal.format(value)}%`;

/** 76.5 → "77th"; exposure percentiles read as ordinals. */
export function formatPercentile(value: number): string {
  const n = Math.round(value);
  const lastTwo = n % 100;
  const suffix = lastTwo >= 11 && lastTwo <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** ROI as a multiple of the investment: 2.4×; null means nothing to invest in. */
export const formatRoi = (value: number | null) => (value === null ? 'Not applicable' : `${twoDecimals.format(value)}×`);

/** 14 → "14 months"; null → not within ten years. */
export function formatPayback(months: number | null): string {
  if (months === null) return 'Not within 10 years';
  return months === 1 ? '1 month' : `${whole.format(months)} months`;
}

/**
 * A classification confidence 0–1 as a whole percentage, rounded down (the epsilon absorbs float error: 0.58 is
 * 58%), so a title shown at 80% is at 0.80 or above: the review threshold compares the exact value, and "80%
 * Review" for 0.796 read as a contradiction. Null as a dash.
 */
export const formatConfidence = (value: number | null) => (value === null ? '–' : `${Math.floor(value * 100 + 1e-9)}%`);

const dateFormat = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** An ISO timestamp as 2 Nov 2025. */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** "1 title" / "3 titles". */
export const plural = (count: number, one: string, many = `${one}s`) => `${formatCount(count)} ${count === 1 ? one : many}`;
