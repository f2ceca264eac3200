/**
 * CSV writing for exports: UTF-8 with a byte-order mark (so Excel reads the encoding), RFC 4180 quoting,
 * CRLF record ends, and a guard against formula injection. Reusable by every CSV deliverable.
 */

export type CsvValue = string | number | boolean | null | undefined;

/** Marks the file as UTF-8 for Excel; other readers skip it. */
export const CSV_BOM = '\uFEFF';

/** A spreadsheet reads a cell starting with one of these as a formula (or strips it and then does). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text a spreadsheet would run as a formula, made inert with a leading apostrophe (OWASP's advice):
 * Excel and LibreOffice then show it as text. Numbers are written as numbers and need no guard.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field, quoted when it holds a comma, quote or line break (RFC 4180), inner quotes doubled. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = neutraliseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: BOM, header, then one CRLF-terminated record per row. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [header.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
