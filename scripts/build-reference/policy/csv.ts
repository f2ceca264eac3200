import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Minimal RFC 4180 reader for the UTF-8, LF, single-header CSV files under shared/data (INDEX.md). */

export type CsvRow = Record<string, string>;

/** Every record as its fields (quoted fields, doubled quotes, CRLF or LF), header included. */
export function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

export function parseCsv(text: string): CsvRow[] {
  const [header, ...rows] = csvRecords(text);
  const names = header.map((h) => h.replace(/^\uFEFF/, ''));
  return rows
    .filter((r) => r.length > 1 || r[0] !== '')
    .map((r) => Object.fromEntries(names.map((name, k) => [name, r[k] ?? ''])));
}

export function readCsv(dataDir: string, relativePath: string): CsvRow[] {
  return parseCsv(readFileSync(join(dataDir, relativePath), 'utf8'));
}

/** A numeric cell, or null when it is empty or a suppression marker. */
export function numberOrNull(cell: string | undefined): number | null {
  if (cell === undefined) return null;
  const value = Number(cell.trim());
  return cell.trim() !== '' && Number.isFinite(value) ? value : null;
}
