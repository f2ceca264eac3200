/**
 * A sheet as a table: which row holds the headings (the first row within the first 20 that looks like
 * headings), the headings, and the rows of people beneath it with their row numbers in the sheet.
 */

export interface DataRow {
  /** 1-based row number in the sheet or CSV file, as the consultant would find it. */
  rowNumber: number;
  cells: string[];
}

/** A workbook cell whose value could not be read: it stands as a blank in the table. */
export interface UnreadableCell {
  /** 1-based row of the sheet and 0-based column. */
  row: number;
  column: number;
  reason: 'formula-without-result' | 'error';
  /** The error shown in the cell, such as #DIV/0!. */
  error?: string;
}

export interface SheetTable {
  /** 1-based row number of the heading row. */
  headerRowNumber: number;
  /** One per column, as written in the file (possibly blank). */
  headers: string[];
  rows: DataRow[];
  /** The workbook sheet the table comes from (absent for a CSV file), for naming cells as Sheet1!D14. */
  sheetName?: string;
  /** Cells of the sheet whose value could not be read, in sheet order. */
  unreadable?: UnreadableCell[];
}

export const HEADER_SEARCH_ROWS = 20;
const MAX_HEADING_LENGTH = 120;

/**
 * 0-based index of the heading row among `rows`, or -1 for none. A sheet of one column has a heading only when
 * its first value is one (`namesColumn`, such as "Job title"): a list of titles one a line starts with a title.
 */
export function detectHeaderRow(rows: readonly string[][], namesColumn: (text: string) => boolean = () => true): number {
  const window = rows.slice(0, HEADER_SEARCH_ROWS);
  const widest = Math.max(0, ...window.map(filledCount));
  const firstFilled = window.findIndex((row) => filledCount(row) > 0);
  const found = window.findIndex((row) => {
    const filled = row.filter((cell) => cell.trim() !== '');
    return filled.length >= 2 && filled.length * 2 >= widest && filled.every(looksLikeHeading);
  });
  if (found !== -1) return found;
  if (firstFilled === -1) return 0;
  if (widest === 1 && !namesColumn(window[firstFilled]!.find((cell) => cell.trim() !== '')!)) return -1;
  return firstFilled;
}

function filledCount(row: readonly string[]): number {
  return row.reduce((n, cell) => (cell.trim() === '' ? n : n + 1), 0);
}

/** A heading has a letter and is not a number, amount, percentage or date. */
function looksLikeHeading(cell: string): boolean {
  const text = cell.trim();
  if (text.length > MAX_HEADING_LENGTH || !/\p{L}/u.test(text)) return false;
  if (/^[£$€]?\s*[\d.,\s]+\s*[kK%]?$/.test(text)) return false;
  return !/^\d{4}-\d{2}-\d{2}/.test(text);
}

/** Builds the table with the given (0-based) heading row, -1 for none, or the detected one. */
export function toTable(rows: readonly string[][], headerIndex = detectHeaderRow(rows)): SheetTable {
  const width = rows.reduce((w, row) => Math.max(w, row.length), 0);
  const header = rows[headerIndex] ?? [];
  const headers = Array.from({ length: width }, (_, i) => header[i] ?? '');
  const body: DataRow[] = [];
  for (let i = headerIndex + 1; i < rows.length; i++) body.push({ rowNumber: i + 1, cells: rows[i]! });
  return { headerRowNumber: headerIndex + 1, headers, rows: body };
}

/** "A", "B", … "Z", "AA": the spreadsheet's letter for a 0-based column index. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** A cell as a spreadsheet names it: Sheet1!D14, 'Pay 2024'!B3 (a name with spaces or signs quoted), or D14 in a CSV file. */
export function cellReference(sheetName: string | undefined, column: number, row: number): string {
  const cell = `${columnLetter(column)}${row}`;
  if (sheetName === undefined) return cell;
  const sheet = /^[\p{L}_][\p{L}\p{N}_.]*$/u.test(sheetName) ? sheetName : `'${sheetName.replaceAll("'", "''")}'`;
  return `${sheet}!${cell}`;
}

/** How a column is named on screen: its heading, or its letter when the heading is blank. */
export function columnLabel(headers: readonly string[], index: number): string {
  const heading = (headers[index] ?? '').trim();
  return heading !== '' ? heading : `Column ${columnLetter(index)}`;
}
