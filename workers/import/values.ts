/**
 * Reading salary and FTE cells as the spec's Employee rows section describes: salaries written with a
 * currency sign, thousands separators or a k suffix; FTE as 0.6, 0,6, 60% or 1, two decimals.
 */

const CURRENCY = /^(?:£|\$|€|GBP|USD|EUR|US\$)\s*|\s*(?:£|\$|€|GBP|USD|EUR)$/giu;
/** Digits with optional comma (or space) thousands groups and an optional decimal part. */
const AMOUNT = /^(\d{1,3}(?:([,\u00a0\u202f ])\d{3})(?:\2\d{3})*|\d+)(\.\d+)?$/u;

/** A salary in currency units, or null when the cell is blank or not an amount. */
export function parseSalary(raw: string): number | null {
  let text = raw.normalize('NFKC').trim().replace(CURRENCY, '').trim();
  if (text === '') return null;
  let multiplier = 1;
  if (/[kK]$/.test(text)) {
    multiplier = 1000;
    text = text.slice(0, -1).trim();
  }
  const match = AMOUNT.exec(text);
  if (!match) return null;
  const whole = match[1]!.replace(/[^\d]/g, '');
  const value = Number(`${whole}${match[3] ?? ''}`) * multiplier;
  return Number.isFinite(value) ? Math.round(value * 100) / 100 : null;
}

export interface FteReading {
  /** 0 to 1 with two decimals, or null when blank or implausible. */
  fte: number | null;
  /** True when the cell held something other than a blank or a plausible FTE (hours, words, above 1). */
  implausible: boolean;
}

const DECIMAL = /^(\d+(?:[.,]\d*)?|[.,]\d+)$/;

export function readFte(raw: string): FteReading {
  const text = raw.normalize('NFKC').trim();
  if (text === '') return { fte: null, implausible: false };
  const percent = /^(.*?)\s*%$/.exec(text);
  const body = percent ? percent[1]! : text;
  if (!DECIMAL.test(body)) return { fte: null, implausible: true };
  const value = Number(body.replace(',', '.')) / (percent ? 100 : 1);
  if (!Number.isFinite(value) || value > 1) return { fte: null, implausible: true };
  return { fte: Math.round(value * 100) / 100, implausible: false };
}

/** Full-time and part-time in the words payroll tables use ("Full-time", "FT", "F", "Part Time", "P"). */
export function readWorkPattern(raw: string): 'full' | 'part' | null {
  // "Fulltime-Regular", "Full Time Employee" and "Permanent Part Time" count too.
  const text = raw.normalize('NFKC').trim().toLowerCase().replace(/[^a-z]+/g, ' ').trim().replace(/^permanent /, '');
  if (/^(f|ft|full|full ?time( [a-z]+)?)$/.test(text)) return 'full';
  if (/^(p|pt|part|part ?time( [a-z]+)?)$/.test(text)) return 'part';
  return null;
}

/** A plain number (thousands separators and a decimal point allowed), or null. */
export function readNumber(raw: string): number | null {
  const text = raw.normalize('NFKC').trim().replace(/^[£$€]\s*/u, '').replace(/,(?=\d{3}\b)/g, '');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** How a row is paid, from a pay-basis cell ("per Annum", "Salary", "per Hour", "Hourly", "per Day"). */
export function readPayBasis(raw: string): 'year' | 'hour' | 'day' | null {
  const text = raw.normalize('NFKC').trim().toLowerCase();
  if (text === '') return null;
  if (/hour|^h$/.test(text)) return 'hour';
  if (/day|daily|^d$/.test(text)) return 'day';
  if (/annum|annual|year|salar|^s$|^y$/.test(text)) return 'year';
  return null;
}
