/**
 * XLSX reading for the import: the archive is inspected first (entries, unpacked size) so inflating stays within
 * the limits, then the sheets are read by our SpreadsheetML reader (spreadsheetml.ts, a tenth of exceljs's time
 * on a 50,000-row list), refusing the first row or column limit crossed; rows, cells and cell lengths are
 * checked again as each sheet is turned into text rows.
 */
import { TableLimiter, tooManyColumns, tooManyRows, IMPORT_LIMITS, ImportError } from './limits.ts';
import { withoutTrailingBlanks } from './csv.ts';
import type { UnreadableCell } from './table.ts';
import { inspectXlsxArchive } from './zipDirectory.ts';
import { readSpreadsheet, type CellValue, type SheetPart, type Spreadsheet } from './spreadsheetml.ts';

export interface SheetInfo {
  name: string;
  /** Last used row and column numbers as the workbook declares them. */
  rows: number;
  columns: number;
  hidden: boolean;
}

/** Progress is reported after this many rows. */
const PROGRESS_ROWS = 2000;

export async function loadWorkbook(bytes: Uint8Array): Promise<Spreadsheet> {
  inspectXlsxArchive(bytes);
  let workbook: Spreadsheet;
  try {
    workbook = readSpreadsheet(bytes, (_sheet, rowNumber, columns) => {
      if (rowNumber > IMPORT_LIMITS.rows) throw tooManyRows();
      if (columns > IMPORT_LIMITS.columns) throw tooManyColumns();
    });
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError('unreadable', 'The workbook could not be read. Open it in Excel, save it again as .xlsx (or as CSV), and try again.');
  }
  if (workbook.sheets.length === 0) throw new ImportError('empty', 'The workbook has no sheets.');
  return workbook;
}

export function describeSheets(workbook: Spreadsheet): SheetInfo[] {
  return workbook.sheets.map((sheet) => ({ name: sheet.name, rows: sheet.rowCount, columns: sheet.columnCount, hidden: sheet.hidden }));
}

/** A sheet read as text, with the cells whose value could not be read (they stand as blanks in `rows`). */
export interface SheetText {
  name: string;
  rows: string[][];
  unreadable: UnreadableCell[];
}

/** The sheet's rows as text, row n of the sheet at index n - 1; refuses the first browser limit crossed. */
export function readSheetRows(sheet: SheetPart, onProgress?: (fraction: number) => void): SheetText {
  // loadWorkbook refused a sheet past the row and column limits as it read it.
  const rowCount = sheet.rowCount;
  const limiter = new TableLimiter();
  const rows: string[][] = [];
  const unreadable: UnreadableCell[] = [];
  for (let r = 1; r <= rowCount; r++) {
    const values = sheet.rows[r - 1] ?? [];
    const cells: string[] = [];
    for (let c = 0; c < values.length; c++) {
      cells.push(cellText(values[c]));
      const problem = unreadableValue(values[c]);
      if (problem) unreadable.push({ row: r, column: c, ...problem });
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
export function unreadableValue(value: CellValue | undefined): Pick<UnreadableCell, 'reason' | 'error'> | null {
  if (value === undefined || typeof value !== 'object' || value instanceof Date) return null;
  if ('formulaWithoutResult' in value) return { reason: 'formula-without-result' };
  return { reason: 'error', error: value.error };
}

/** A cell's value as the text a person sees: results of formulas, text of rich text; errors blank. */
export function cellText(value: CellValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  return '';
}

function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}
