/**
 * XLSX reading with exceljs. Its streaming reader needs Node (files, streams), so the browser uses the
 * in-memory reader; the archive is inspected first (entries, unpacked size) so that stays within the limits,
 * and rows, columns, cells and cell lengths are checked as each sheet is turned into text rows.
 */
import ExcelJS from 'exceljs';
import { TableLimiter, tooManyColumns, tooManyRows, IMPORT_LIMITS, ImportError } from './limits.ts';
import { withoutTrailingBlanks } from './csv.ts';
import type { UnreadableCell } from './table.ts';
import { inspectXlsxArchive } from './zipDirectory.ts';

export interface SheetInfo {
  name: string;
  /** Last used row and column numbers as the workbook declares them. */
  rows: number;
  columns: number;
  hidden: boolean;
}

/** Progress is reported after this many rows. */
const PROGRESS_ROWS = 2000;

export async function loadWorkbook(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  inspectXlsxArchive(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its input as its own Buffer interface, which an ArrayBuffer satisfies.
    const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  } catch {
    throw new ImportError('unreadable', 'The workbook could not be read. Open it in Excel, save it again as .xlsx (or as CSV), and try again.');
  }
  if (workbook.worksheets.length === 0) throw new ImportError('empty', 'The workbook has no sheets.');
  return workbook;
}

export function describeSheets(workbook: ExcelJS.Workbook): SheetInfo[] {
  return workbook.worksheets.map((sheet) => ({
    name: sheet.name,
    rows: sheet.rowCount,
    columns: sheet.columnCount,
    hidden: sheet.state !== 'visible',
  }));
}

/** A sheet read as text, with the cells whose value could not be read (they stand as blanks in `rows`). */
export interface SheetText {
  name: string;
  rows: string[][];
  unreadable: UnreadableCell[];
}

/** The sheet's rows as text, row n of the sheet at index n - 1; refuses the first browser limit crossed. */
export function readSheetRows(sheet: ExcelJS.Worksheet, onProgress?: (fraction: number) => void): SheetText {
  const rowCount = sheet.rowCount;
  if (rowCount > IMPORT_LIMITS.rows) throw tooManyRows();
  if (sheet.columnCount > IMPORT_LIMITS.columns) throw tooManyColumns();
  const limiter = new TableLimiter();
  const rows: string[][] = [];
  const unreadable: UnreadableCell[] = [];
  for (let r = 1; r <= rowCount; r++) {
    const row = sheet.findRow(r);
    const cells: string[] = [];
    if (row) {
      const values = row.values as unknown[];
      for (let c = 1; c < values.length; c++) {
        cells.push(cellText(values[c]));
        const problem = unreadableValue(values[c]);
        if (problem) unreadable.push({ row: r, column: c - 1, ...problem });
      }
    }
    const trimmed = withoutTrailingBlanks(cells);
    limiter.addRow(trimmed);
    rows.push(trimmed);
    if (onProgress && r % PROGRESS_ROWS === 0) onProgress(r / rowCount);
  }
  onProgress?.(1);
  return { name: sheet.name, rows, unreadable };
}

/**
 * Why a cell's value cannot be read, or null: a formula the workbook holds without its saved result (saved by
 * a program that does not calculate, or with calculation off), or an error such as #DIV/0!. Either reads as blank.
 */
export function unreadableValue(value: unknown): Pick<UnreadableCell, 'reason' | 'error'> | null {
  if (value === null || typeof value !== 'object' || value instanceof Date) return null;
  const v = value as Record<string, unknown>;
  if ('formula' in v || 'sharedFormula' in v) {
    if (v.result === undefined || v.result === null) return { reason: 'formula-without-result' };
    return unreadableValue(v.result);
  }
  if ('error' in v) return { reason: 'error', error: String(v.error) };
  return null;
}

/** A cell's value as the text a person sees: results of formulas, text of rich text and links; errors blank. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return v.richText.map((part: { text?: unknown }) => String(part.text ?? '')).join('');
    if ('formula' in v || 'sharedFormula' in v) return cellText(v.result);
    if ('hyperlink' in v) return cellText(v.text);
    if ('error' in v) return '';
    if ('text' in v) return cellText(v.text);
  }
  return '';
}

function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}
