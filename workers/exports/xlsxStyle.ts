/**
 * Shared look of every exported workbook: number formats, a styled and frozen header row, column widths and
 * filters. Builders describe columns once (TableColumn) and both the XLSX sheet and, where there is one, the
 * CSV take their headers and values from the same description.
 */
import type ExcelJS from 'exceljs';
import { columnLetter } from '../import/table.ts';

/** Excel number formats, as a UK reader expects them. */
export const NUMBER_FORMATS = {
  /** £1,234 in a workbook of pounds; a workbook of another currency shows its own sign (moneyFormatCode). */
  money: '"£"#,##0',
  /** 12,345 */
  count: '#,##0',
  /** 1,234.56 (multipliers, return on investment) */
  decimal: '#,##0.00',
  /** 1,234.5: FTE, spans and hours with the one decimal the page shows (people are counts) */
  oneDecimal: '#,##0.0',
  /** 24.2% from a 0–1 share, one decimal as on the page and in the report */
  percent: '0.0%',
  /** 77, an exposure percentile 0–100, whole as the page's and report's ordinals (77th) */
  percentile: '0',
  /** Text, kept as typed (codes such as 0123 keep their zeros) */
  text: '@',
} as const;
export type NumberFormat = keyof typeof NUMBER_FORMATS;

const MONEY_SIGNS: Record<string, string> = { GBP: '£', USD: '$', EUR: '€' };

/** Whole units with the currency's sign ("$"#,##0), or its code after the amount where it has no short sign. */
export function moneyFormatCode(currency: string): string {
  const sign = MONEY_SIGNS[currency];
  return sign ? `"${sign}"#,##0` : `#,##0" ${currency}"`;
}

/** The currency of each workbook's money cells; pounds unless set. */
const workbookCurrencies = new WeakMap<ExcelJS.Workbook, string>();

/** Says which currency the workbook's money columns and figures are in, before its sheets are added. */
export function setWorkbookCurrency(workbook: ExcelJS.Workbook, currency: string): void {
  workbookCurrencies.set(workbook, currency);
}

/** The Excel code of a number format in this workbook: money in the workbook's currency. */
export function numberFormatCode(format: NumberFormat, workbook: ExcelJS.Workbook): string {
  return format === 'money' ? moneyFormatCode(workbookCurrencies.get(workbook) ?? 'GBP') : NUMBER_FORMATS[format];
}

export type CellValue = string | number | boolean | null;

export interface TableColumn<T> {
  header: string;
  /** Width in characters. */
  width: number;
  format?: NumberFormat;
  value(row: T): CellValue;
}

const HEADER_FILL = 'FF1D3F6E';
const HEADER_FONT = 'FFFFFFFF';

/** Bold white on the house blue, wrapped, for a sheet's header row. */
export function styleHeaderRow(row: ExcelJS.Row): void {
  row.font = { bold: true, color: { argb: HEADER_FONT } };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEADER_FILL } };
  row.alignment = { vertical: 'middle', wrapText: true };
}

/** Keeps the first `rows` rows in view while scrolling. */
export function freezeRows(sheet: ExcelJS.Worksheet, rows = 1): void {
  sheet.views = [{ state: 'frozen', xSplit: 0, ySplit: rows }];
}

/**
 * A sheet that is one table: header row styled, frozen and filtered, widths and number formats per column.
 * `onProgress` is told how many rows are written, every `progressEvery` rows.
 */
export function addTableSheet<T>(
  workbook: ExcelJS.Workbook,
  name: string,
  columns: readonly TableColumn<T>[],
  rows: Iterable<T>,
  options: { onProgress?: (written: number) => void; progressEvery?: number } = {},
): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  styleHeaderRow(sheet.getRow(1));
  freezeRows(sheet);
  // One style object per column, shared by its cells: exceljs then looks each up once instead of once per cell,
  // which is most of the time a 50,000-row sheet takes to write.
  const styles = columns.map((c): Partial<ExcelJS.Style> => (c.format ? { numFmt: numberFormatCode(c.format, workbook) } : {}));
  const every = options.progressEvery ?? 5000;
  let written = 0;
  for (const row of rows) {
    const added = sheet.addRow(columns.map((c) => c.value(row)));
    for (let i = 0; i < styles.length; i++) added.getCell(i + 1).style = styles[i]!;
    written += 1;
    if (options.onProgress && written % every === 0) options.onProgress(written);
  }
  if (columns.length > 0) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1 + written, column: columns.length } };
  return sheet;
}

/**
 * A titled table written below whatever the sheet already holds, for sheets that show several small tables
 * (exposure by horizon and by group, scenarios and programme). Widths only ever grow.
 */
export function appendTable<T>(sheet: ExcelJS.Worksheet, title: string, columns: readonly TableColumn<T>[], rows: Iterable<T>): void {
  if (sheet.rowCount > 0) sheet.addRow([]);
  sheet.addRow([title]).font = { bold: true, size: 12 };
  styleHeaderRow(sheet.addRow(columns.map((c) => c.header)));
  for (const row of rows) {
    const added = sheet.addRow(columns.map((c) => c.value(row)));
    columns.forEach((c, i) => {
      if (c.format) added.getCell(i + 1).numFmt = numberFormatCode(c.format, sheet.workbook);
    });
  }
  columns.forEach((c, i) => {
    const column = sheet.getColumn(i + 1);
    column.width = Math.max(column.width ?? 0, c.width);
  });
}

/** A label–value pair of a key-figures sheet; a null value leaves a blank line, a heading is bold. */
export interface KeyFigure {
  label: string;
  value?: CellValue;
  format?: NumberFormat;
  heading?: boolean;
}

/** A two-column sheet of labelled figures (overview, notes), with a title in its first row. */
export function addKeyFigureSheet(workbook: ExcelJS.Workbook, name: string, title: string, figures: readonly KeyFigure[], widths: [number, number] = [44, 24]): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name);
  sheet.columns = [{ width: widths[0] }, { width: widths[1] }];
  const titleRow = sheet.addRow([title]);
  titleRow.font = { bold: true, size: 14 };
  sheet.addRow([]);
  for (const figure of figures) {
    const row = sheet.addRow(figure.heading ? [figure.label] : [figure.label, figure.value ?? null]);
    if (figure.heading) {
      row.font = { bold: true };
      continue;
    }
    if (figure.format) row.getCell(2).numFmt = numberFormatCode(figure.format, workbook);
    row.getCell(2).alignment = { horizontal: typeof figure.value === 'string' ? 'left' : 'right', wrapText: typeof figure.value === 'string' };
  }
  return sheet;
}

/** A sheet's autofilter range as an absolute reference, 'People'!$A$1:$Q$50001. */
function filterReference(sheet: ExcelJS.Worksheet): string | null {
  const filter = sheet.autoFilter;
  if (!filter) return null;
  const corners = typeof filter === 'string' ? filter.split(':') : [filter.from, filter.to];
  const absolute = corners.map((at) => (typeof at === 'string' ? at : `${columnLetter(at.column - 1)}${at.row}`).replace(/^\$?([A-Z]+)\$?(\d+)$/, '$$$1$$$2'));
  return `'${sheet.name.replace(/'/g, "''")}'!${absolute.join(':')}`;
}

/**
 * Writes the workbook with two things exceljs's writer lacks, by shadowing the models it reads while it writes.
 * Each filtered sheet gets the sheet-local name _xlnm._FilterDatabase that Excel writes beside every autofilter:
 * LibreOffice drops the filter without it, and exceljs's own defined names cannot be sheet-local. And each sheet's
 * model is built once: exceljs builds every sheet's model twice per write and keeps one (the second build was
 * 5–10% of the write's CPU for 50,000 people, in Node).
 */
async function writeBuffer(workbook: ExcelJS.Workbook, options: Partial<ExcelJS.XlsxWriteOptions>): Promise<Uint8Array> {
  const sheets = workbook.worksheets;
  const names = workbook.definedNames;
  const filterNames = sheets.flatMap((sheet, localSheetId) => {
    const range = filterReference(sheet);
    return range ? [{ name: '_xlnm._FilterDatabase', localSheetId, ranges: [range] }] : [];
  });
  try {
    // Inside the try: a sheet whose model fails to build still leaves every shadow removed.
    Object.defineProperty(names, 'model', { configurable: true, value: [...names.model, ...filterNames] });
    for (const sheet of sheets) Object.defineProperty(sheet, 'model', { configurable: true, value: sheet.model });
    // exceljs answers a Buffer (its polyfill in the browser).
    return (await workbook.xlsx.writeBuffer(options)) as unknown as Uint8Array;
  } finally {
    Reflect.deleteProperty(names, 'model');
    for (const sheet of sheets) Reflect.deleteProperty(sheet, 'model');
  }
}

/**
 * The workbook as bytes, ready to be a Blob. The archive is deflated at the fastest level: for 50,000 people
 * the platform's own deflate (CompressionStream, level 6 only) made a file a fifth smaller but took more of the
 * worker's time than this. Strings go through the shared-strings table, which is all exceljs's non-streaming
 * writer does (its useSharedStrings option is read only by the streaming writer).
 */
export async function workbookBytes(workbook: ExcelJS.Workbook): Promise<ArrayBuffer> {
  const bytes = await writeBuffer(workbook, { zip: { compression: 'DEFLATE', compressionOptions: { level: 1 } } } as Partial<ExcelJS.XlsxWriteOptions>);
  // Exactly its bytes as a transferable ArrayBuffer.
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
