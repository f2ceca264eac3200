/**
 * A reader of the SpreadsheetML parts an import needs (workbook, relationships, shared strings, number
 * formats, sheets), straight from the XLSX archive. exceljs builds a full object model of every cell and style
 * first, which took three of the 3.3 seconds a 50,000-row workbook spent in the import worker; an import only
 * needs each cell's value as text, so this scans the XML once per part. Exports still write with exceljs.
 */
import { unzipSync } from 'fflate';

/** A cell value as the sheet holds it: text, number, boolean, date, an error, or a formula without its result. */
export type CellValue =
  | string
  | number
  | boolean
  | Date
  | { error: string }
  | { formulaWithoutResult: true };

export interface SheetPart {
  name: string;
  hidden: boolean;
  /** Row n of the sheet at index n - 1; a row's cell in column c (1-based) at index c - 1, holes for blanks. */
  rows: (CellValue | undefined)[][];
  /** Last row number holding a row element, and the largest column number holding a cell. */
  rowCount: number;
  columnCount: number;
}

class SpreadsheetError extends Error {}

const decoder = new TextDecoder('utf-8');

/** Inflates the parts the reader needs, nothing else (images, printer settings and the like stay packed). */
function partsOf(bytes: Uint8Array): Map<string, string> {
  const wanted = (name: string) =>
    name === 'xl/workbook.xml' || name === 'xl/_rels/workbook.xml.rels' || name === 'xl/sharedStrings.xml' || name === 'xl/styles.xml' || /^xl\/worksheets\/[^/]+\.xml$/.test(name);
  const files = unzipSync(bytes, { filter: (f) => wanted(f.name) });
  return new Map(Object.entries(files).map(([name, data]) => [name, decoder.decode(data)]));
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML text as written: entities and character references resolved, then OOXML's _xHHHH_ escapes. */
export function xmlText(raw: string): string {
  const text = raw.includes('&')
    ? raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, ref: string) => {
        if (ref[0] !== '#') return ENTITIES[ref] ?? whole;
        const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      })
    : raw;
  return text.includes('_x') ? text.replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
}

const attributePatterns = new Map<string, RegExp>();

/** An attribute's value in an element's opening tag, or null. Most tags space their attributes with one space. */
function attribute(tag: string, name: string): string | null {
  const key = ` ${name}="`;
  const at = tag.indexOf(key);
  if (at >= 0) {
    const end = tag.indexOf('"', at + key.length);
    return end < 0 ? null : xmlText(tag.slice(at + key.length, end));
  }
  if (!/[\t\r\n]/.test(tag)) return null;
  let pattern = attributePatterns.get(name);
  if (!pattern) attributePatterns.set(name, (pattern = new RegExp(`\\s${name}="([^"]*)"`)));
  const found = pattern.exec(tag);
  return found ? xmlText(found[1]) : null;
}

/** The text of every <t> in a string item, leaving out phonetic runs (<rPh>), which are not shown. */
function stringItemText(item: string): string {
  const shown = item.includes('<rPh') ? item.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '') : item;
  let text = '';
  for (const t of shown.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g)) text += xmlText(t[1] ?? '');
  return text;
}

function sharedStrings(xml: string | undefined): string[] {
  if (!xml) return [];
  return [...xml.matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)].map((m) => stringItemText(m[1] ?? ''));
}

/** Excel's built-in number formats that show a date or time. */
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** Whether a format code shows a date or time: a d, m, y, h or s outside quoted text, escapes and [colour] sections. */
export function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"/g, '').replace(/\\./g, '').replace(/\[[^\]]*\]/g, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** For each cell style (xf) of cellXfs, whether it shows numbers as dates. */
function dateStyles(xml: string | undefined): boolean[] {
  if (!xml) return [];
  const custom = new Map<number, string>();
  for (const m of xml.matchAll(/<numFmt\s[^>]*>/g)) {
    const id = Number(attribute(m[0], 'numFmtId'));
    const code = attribute(m[0], 'formatCode');
    if (Number.isFinite(id) && code !== null) custom.set(id, code);
  }
  const cellXfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(xml)?.[1] ?? '';
  return [...cellXfs.matchAll(/<xf\b[^>]*>/g)].map((m) => {
    const id = Number(attribute(m[0], 'numFmtId') ?? 0);
    const code = custom.get(id);
    return code !== undefined ? isDateFormat(code) : BUILT_IN_DATES.has(id);
  });
}

/** A day number of Excel's calendar as a UTC date (the 1900 system, or 1904 when the workbook says so). */
function excelDate(serial: number, date1904: boolean): Date {
  const days = date1904 ? serial - 24107 : serial - 25569;
  return new Date(Math.round(days * 86_400_000));
}

/** Column number (1-based) of a cell reference such as "AB12". */
function columnOf(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return n;
}

interface SheetReading {
  strings: string[];
  dates: boolean[];
  date1904: boolean;
  /** Called with the rows read so far, so a caller can refuse a sheet past its limits before it is all read. */
  onRow?: (rowNumber: number, columns: number) => void;
}

const ROW = /<row\b([^>]*?)(\/>|>([\s\S]*?)<\/row>)/g;
const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;

function readSheet(xml: string, reading: SheetReading): Pick<SheetPart, 'rows' | 'rowCount' | 'columnCount'> {
  const rows: (CellValue | undefined)[][] = [];
  const data = /<sheetData\b[^>]*>([\s\S]*)<\/sheetData>/.exec(xml)?.[1] ?? '';
  let rowNumber = 0;
  let columnCount = 0;
  for (const row of data.matchAll(ROW)) {
    const declared = Number(attribute(row[1], 'r'));
    rowNumber = Number.isInteger(declared) && declared > rowNumber ? declared : rowNumber + 1;
    const cells: (CellValue | undefined)[] = [];
    let column = 0;
    for (const cell of (row[3] ?? '').matchAll(CELL)) {
      const ref = attribute(cell[1], 'r');
      const at = ref ? columnOf(ref) : 0;
      column = at > 0 ? at : column + 1;
      columnCount = Math.max(columnCount, column);
      const value = cellValue(cell[1], cell[2] ?? '', reading);
      if (value !== undefined) cells[column - 1] = value;
    }
    rows[rowNumber - 1] = cells;
    reading.onRow?.(rowNumber, columnCount);
  }
  return { rows, rowCount: rowNumber, columnCount };
}

function cellValue(tag: string, body: string, reading: SheetReading): CellValue | undefined {
  const type = attribute(tag, 't') ?? 'n';
  const formula = body.includes('<f');
  const open = body.indexOf('<v>');
  const close = open < 0 ? -1 : body.indexOf('</v>', open);
  const v = close < 0 ? undefined : body.slice(open + 3, close);
  if (type === 'inlineStr') {
    const is = /<is>([\s\S]*?)<\/is>/.exec(body)?.[1];
    return is === undefined ? undefined : stringItemText(is);
  }
  if (v === undefined) return formula ? { formulaWithoutResult: true } : undefined;
  switch (type) {
    case 's':
      return reading.strings[Number(v)] ?? '';
    case 'str':
      return xmlText(v);
    case 'b':
      return v.trim() === '1';
    case 'e':
      return { error: xmlText(v) };
    case 'd': {
      const date = new Date(xmlText(v));
      return Number.isNaN(date.getTime()) ? xmlText(v) : date;
    }
    default: {
      const n = Number(v);
      if (!Number.isFinite(n)) return undefined;
      const style = Number(attribute(tag, 's') ?? 0);
      return reading.dates[style] ? excelDate(n, reading.date1904) : n;
    }
  }
}

export interface Spreadsheet {
  sheets: SheetPart[];
}

/**
 * Reads a workbook's sheets, in the order the workbook lists them. `onRow` sees each row as it is read, so a
 * caller can refuse a sheet past its limits before it is all in memory. Throws SpreadsheetError when a part
 * the workbook needs is missing or the archive cannot be inflated.
 */
export function readSpreadsheet(bytes: Uint8Array, onRow?: (sheet: string, rowNumber: number, columns: number) => void): Spreadsheet {
  let parts: Map<string, string>;
  try {
    parts = partsOf(bytes);
  } catch {
    throw new SpreadsheetError('the archive could not be inflated');
  }
  const workbook = parts.get('xl/workbook.xml');
  if (!workbook) throw new SpreadsheetError('no workbook part');
  const targets = new Map<string, string>();
  for (const m of (parts.get('xl/_rels/workbook.xml.rels') ?? '').matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attribute(m[0], 'Id');
    const target = attribute(m[0], 'Target');
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);
  }
  const workbookPr = /<workbookPr\b[^>]*>/.exec(workbook)?.[0] ?? '';
  const date1904 = ['1', 'true'].includes(attribute(workbookPr, 'date1904') ?? '');
  const strings = sharedStrings(parts.get('xl/sharedStrings.xml'));
  const dates = dateStyles(parts.get('xl/styles.xml'));
  const sheets: SheetPart[] = [];
  for (const m of workbook.matchAll(/<sheet\b[^>]*>/g)) {
    const name = attribute(m[0], 'name') ?? `Sheet${sheets.length + 1}`;
    const id = attribute(m[0], 'r:id');
    const target = id ? (targets.get(id) ?? '') : '';
    // A chart sheet (or any sheet not a worksheet) holds no cells: it is left out, as exceljs left it out.
    if (target !== '' && !/^xl\/worksheets\/[^/]+\.xml$/.test(target)) continue;
    const xml = parts.get(target);
    if (xml === undefined) throw new SpreadsheetError(`no part for sheet ${name}`);
    const state = attribute(m[0], 'state');
    const read = readSheet(xml, { strings, dates, date1904, onRow: onRow && ((r, c) => onRow(name, r, c)) });
    sheets.push({ name, hidden: state === 'hidden' || state === 'veryHidden', ...read });
  }
  return { sheets };
}
