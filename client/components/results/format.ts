// Numbers as a British consultant reads them: pounds with thousands separators, shares as percentages,
// percentiles as ordinals. One place, so every panel and chart agrees.

const LOCALE = 'en-GB';

const pounds = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
const compactPounds = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'GBP', notation: 'compact', maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });
// FTE, spans and shares always show their one decimal, so a column of them lines up (5.0% under 53.6%).
const fixedOneDecimal = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat(LOCALE, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** £1,234,567 (whole pounds). */
export const formatMoney = (value: number) => pounds.format(value);
/** £1.2M, for chart axes and tight labels. */
export const formatMoneyCompact = (value: number) => compactPounds.format(value);
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

/** A classification confidence 0–1 as a whole percentage; null as a dash. */
export const formatConfidence = (value: number | null) => (value === null ? '–' : `${Math.round(value * 100)}%`);

const dateFormat = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** An ISO timestamp as 2 Nov 2025. */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** "1 title" / "3 titles". */
export const plural = (count: number, one: string, many = `${one}s`) => `${formatCount(count)} ${count === 1 ? one : many}`;
