/**
 * The model may not introduce figures (spec: Narrative rules). Every number written in a
 * narrative must be one of the facts sent, as a reader would quote it: rounded to the digits
 * shown, in thousands or millions ("£1.2m"), or a 0–1 share as a percentage. Small counting
 * numbers up to ten pass, so "three scenarios" written as digits is not an invention.
 */

const SCALE: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, million: 1e6, bn: 1e9, billion: 1e9 };
const FREE_UP_TO = 10;

// A number not glued to a word or code (H2, SOC-2020, a dataset id), with an optional scale word.
const NUMBER = /(?<![A-Za-z0-9.\-:_/])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?:\s?(k|m|bn|thousand|million|billion)\b)?/gi;

function factNumbers(value: unknown, out: number[]): number[] {
  if (typeof value === 'number' && Number.isFinite(value)) {
    out.push(value);
    if (Math.abs(value) <= 1) out.push(value * 100);
  } else if (typeof value === 'string') {
    for (const m of value.matchAll(/\d+(?:\.\d+)?/g)) out.push(Number(m[0]));
  } else if (Array.isArray(value)) value.forEach((v) => factNumbers(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => factNumbers(v, out));
  return out;
}

const SIGNS = ['£', '$', '€'] as const;

/**
 * Currency signs in `markdown` other than the list's own (facts.currency.sign): a dollar list written up in
 * pounds states its figures in the wrong money, however right the numbers.
 */
export function foreignCurrencySigns(markdown: string, facts: unknown): string[] {
  const sign = (facts as { currency?: { sign?: unknown } } | null)?.currency?.sign;
  if (typeof sign !== 'string') return [];
  return SIGNS.filter((s) => s !== sign && !sign.endsWith(s) && markdown.includes(s));
}

/** The numbers in `markdown` that match no fact; empty when the text keeps to the facts. */
export function inventedFigures(markdown: string, facts: unknown): string[] {
  const known = factNumbers(facts, []);
  const invented: string[] = [];
  for (const m of markdown.matchAll(NUMBER)) {
    const [text, whole, decimals = '', scaleWord] = m;
    const scale = scaleWord ? SCALE[scaleWord.toLowerCase()] : 1;
    const value = Number(`${whole.replace(/,/g, '')}${decimals ? `.${decimals}` : ''}`) * scale;
    if (!decimals && !scaleWord && value <= FREE_UP_TO) continue;
    // Half a unit of the last digit shown: "£1.2m" stands for anything from 1.15m to 1.25m.
    const tolerance = 0.5 * 10 ** -decimals.length * scale + 1e-9;
    if (!known.some((k) => Math.abs(Math.abs(k) - value) <= tolerance)) invented.push(text.trim());
  }
  return invented;
}
