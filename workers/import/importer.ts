/**
 * One spreadsheet import, held where it runs (a Web Worker in the browser): the file is read once, the chosen
 * sheet kept as a table, and the page asks for headings, a preview, mapping checks and finally the rows.
 * Nothing here touches storage or the network, so names and emails in the file stay in this memory.
 */
import { parseCsv, type CsvDelimiter } from './csv.ts';
import { decodeText, type TextEncodingName } from './encoding.ts';
import { fileTooLarge, IMPORT_LIMITS, ImportError } from './limits.ts';
import { suggestFromData, type Suggestion } from './inference.ts';
import { proposeRegion, type DefaultRegion, type RegionOption, type RegionProposal } from './currency.ts';
import { isOrganogramPair, type Layout } from './layouts.ts';
import { groupingChoices, initialMapping, namesAField, type ColumnMapping, type GroupingChoice, type ServerColumnMapping } from './mapping.ts';
import { checkMapping, type MappingIssue } from './mappingGuards.ts';
import { preUploadChecks, type PreUploadChecks } from './preflight.ts';
import { buildCombinedImport, combinedIssues, prepareRows, type ImportResult } from './rows.ts';
import { HEADER_SEARCH_ROWS, detectHeaderRow, toTable, type SheetTable } from './table.ts';
import { describeSheets, loadWorkbook, readSheetRows, type SheetInfo, type SheetText } from './xlsx.ts';
import { inspectXlsxArchive } from './zipDirectory.ts';
import { buildRefusedCellsWorkbook, refusedCells } from '../exports/refusedCells.ts';

export type ImportStage = 'reading' | 'unpacking' | 'parsing';

export interface ImportProgress {
  stage: ImportStage;
  /** 0 to 1 within the stage. */
  fraction: number;
}

export type ProgressListener = (progress: ImportProgress) => void;

export interface OpenedFile {
  fileName: string;
  kind: 'xlsx' | 'csv';
  sheets: SheetInfo[];
  /** The sheet read first: the first visible one. */
  sheetIndex: number;
  encoding: TextEncodingName | null;
  delimiter: CsvDelimiter | null;
}

export interface SheetView {
  sheetIndex: number;
  /** 1-based heading row and the rows offered as alternatives (the first 20 rows). */
  headerRowNumber: number;
  headerCandidates: string[][];
  headers: string[];
  /** Data rows beneath the headings, blank ones included. */
  rowCount: number;
  preview: string[][];
}

/** The mapping to start from, why each column was chosen, and the layout recognised. */
export interface StartingMapping extends Suggestion {
  reused: boolean;
}

export interface CheckResult {
  /** The first file's issues (each blocks the upload), then each added file's. */
  issues: MappingIssue[];
  partIssues: MappingIssue[][];
  /** Rows that will be uploaded, after an organogram's grouped posts become posts. */
  rowsToUpload: number;
  checks: PreUploadChecks;
  /** Said when the files are recognised as two halves of one organisation, such as a senior and a junior organogram. */
  combined: string | null;
}

/** The most files combined into one import (an organogram's senior and junior files). */
export const MAX_FILES = 2;

interface Part {
  file: OpenedFile;
  /**
   * Every sheet of a workbook as text rows. The read workbook is released as soon as they exist,
   * so a workbook is never held in memory twice (cells and text); the sheet chooser reads from these.
   */
  workbookSheets: SheetText[];
  /** The chosen sheet, or the CSV file's rows (a CSV has no sheet name and no unreadable cells). */
  sheet: SheetText | null;
  sheetRows: string[][];
  table: SheetTable;
  layout: Layout | null;
}

const PREVIEW_ROWS = 5;
const READ_CHUNK_PROGRESS_BYTES = 1024 * 1024;

export class SpreadsheetImport {
  /** The files of this import: the first, and any added to it (a junior organogram beside the senior one). */
  private parts: Part[] = [];

  /** Reads the file and its first visible sheet; refuses a file over the limits. Starts a new import. */
  async open(file: Blob, fileName: string, onProgress?: ProgressListener): Promise<{ file: OpenedFile; view: SheetView }> {
    this.parts = [];
    this.parts = [await readPart(file, fileName, onProgress)];
    return { file: this.parts[0]!.file, view: this.view() };
  }

  /** Adds another file of the same organisation, combined with the first into one set of rows. */
  async addFile(file: Blob, fileName: string, onProgress?: ProgressListener): Promise<{ part: number; file: OpenedFile; view: SheetView }> {
    this.requirePart(0);
    if (this.parts.length >= MAX_FILES) this.parts.length = MAX_FILES - 1;
    const added = await readPart(file, fileName, onProgress);
    this.parts.push(added);
    const part = this.parts.length - 1;
    return { part, file: added.file, view: this.view(part) };
  }

  /** Drops an added file from the import. */
  removeFile(part: number): void {
    if (part < 1) throw new ImportError('unreadable', 'The first file cannot be removed; choose another file instead.');
    this.requirePart(part);
    this.parts.splice(part, 1);
  }

  /** Switches to another sheet of the workbook (the sheet chooser). */
  selectSheet(index: number, onProgress?: ProgressListener, part = 0): SheetView {
    const p = this.requirePart(part);
    const sheet = Number.isInteger(index) ? p.workbookSheets[index] : undefined;
    if (!sheet || index >= p.file.sheets.length) throw new ImportError('unreadable', 'That sheet does not exist in this file.');
    onProgress?.({ stage: 'parsing', fraction: 1 });
    const table = sheetTable(sheet);
    const empty = emptySheetProblem(sheet.rows, table);
    if (empty) throw new ImportError('empty', `The sheet “${sheet.name}” ${empty} Choose another sheet.`);
    p.sheet = sheet;
    p.sheetRows = sheet.rows;
    p.file.sheetIndex = index;
    p.table = table;
    return this.view(part);
  }

  /** Uses another of the first 20 rows as the heading row, or none (0): then row 1 is a person. */
  setHeaderRow(rowNumber: number, part = 0): SheetView {
    const p = this.requirePart(part);
    if (!Number.isInteger(rowNumber) || rowNumber < 0 || rowNumber > Math.min(HEADER_SEARCH_ROWS, p.sheetRows.length)) {
      throw new ImportError('unreadable', `Choose a heading row between 1 and ${Math.min(HEADER_SEARCH_ROWS, p.sheetRows.length)}, or no heading row.`);
    }
    const table = sheetTable(p.sheet ?? { rows: p.sheetRows }, rowNumber - 1);
    if (!hasPeopleRows(table)) throw new ImportError('empty', `There are no rows beneath row ${rowNumber}. Choose an earlier heading row.`);
    p.table = table;
    return this.view(part);
  }

  view(part = 0): SheetView {
    const p = this.requirePart(part);
    return {
      sheetIndex: p.file.sheetIndex,
      headerRowNumber: p.table.headerRowNumber,
      headerCandidates: p.sheetRows.slice(0, HEADER_SEARCH_ROWS),
      headers: p.table.headers,
      rowCount: p.table.rows.length,
      preview: p.table.rows.slice(0, PREVIEW_ROWS).map((row) => row.cells),
    };
  }

  /**
   * The mapping to start from, suggested from the headings and the data, with the reason for each column
   * and the layout recognised; the previous ready dataset's mapping is reused when it fits this file.
   */
  initialMapping(previous?: ServerColumnMapping | null, part = 0): StartingMapping {
    const p = this.requirePart(part);
    const suggestion = suggestFromData(p.table);
    p.layout = suggestion.layout;
    const { mapping, reused } = initialMapping(p.table, previous, suggestion.mapping);
    if (!reused) return { ...suggestion, reused };
    const reasons = { ...suggestion.reasons };
    for (const [field, column] of Object.entries(mapping.fields)) {
      if (suggestion.mapping.fields[field as keyof typeof mapping.fields] !== column) {
        reasons[field as keyof typeof reasons] = 'As in this engagement’s previous dataset.';
      }
    }
    return { ...suggestion, mapping, reasons, reused };
  }

  groupingChoices(mapping: ColumnMapping, part = 0): GroupingChoice[] {
    return groupingChoices(this.requirePart(part).table.headers, mapping);
  }

  /** Issues per file, the number of rows to upload and the pre-upload checks on the rows of every file together. */
  check(mappings: ColumnMapping | ColumnMapping[]): CheckResult {
    const parts = this.withMappings(mappings);
    const partIssues = parts.map((p) => checkMapping(p.table, p.mapping));
    const prepared = prepareRows(parts);
    partIssues[0]!.push(...combinedIssues(parts, prepared.rows.length));
    const checks = preUploadChecks(parts, prepared, { awaitingFile: this.awaitedFile() });
    return { issues: partIssues[0]!, partIssues, rowsToUpload: prepared.rows.length, checks, combined: this.combinedName() };
  }

  /** The rows of every file to upload and the import counts; refuses while any mapping has issues. */
  build(mappings: ColumnMapping | ColumnMapping[]): ImportResult {
    return buildCombinedImport(this.withMappings(mappings));
  }

  /**
   * A workbook of the cells the import refuses or cannot read, reason beside each, for the client's data owner;
   * null when there are none. Made here because the files' contents never leave the worker.
   */
  async refusedCellsWorkbook(mappings: ColumnMapping | ColumnMapping[]): Promise<{ bytes: ArrayBuffer; cells: number } | null> {
    const parts = this.withMappings(mappings);
    const knownIds = new Set(prepareRows(parts).rows.map((row) => row.employeeId));
    const cells = parts.flatMap((p) => refusedCells(p.table, p.mapping, knownIds));
    return cells.length === 0 ? null : { bytes: await buildRefusedCellsWorkbook(cells), cells: cells.length };
  }

  /**
   * The list's home region and currency, proposed from every file of the import with its mapping (currency signs
   * in the pay cells, headings, layout, places, dates), for the consultant to confirm or change.
   */
  proposeRegion(mappings: ColumnMapping | ColumnMapping[], regions: RegionOption[], defaultRegion: DefaultRegion): RegionProposal {
    const parts = this.withMappings(mappings).map((p, i) => ({ ...p, layout: this.parts[i]!.layout?.id ?? null }));
    return proposeRegion(parts, regions, defaultRegion);
  }

  /** Drops the files' contents from memory. */
  close(): void {
    this.parts = [];
  }

  private withMappings(mappings: ColumnMapping | ColumnMapping[]) {
    const list = Array.isArray(mappings) ? mappings : [mappings];
    if (list.length !== Math.max(1, this.parts.length)) {
      throw new ImportError('unreadable', `Give one mapping for each of the ${this.parts.length} files.`);
    }
    return list.map((mapping, part) => ({ table: this.requirePart(part).table, mapping }));
  }

  /** A junior organogram alone reports to senior posts of a file not yet added: what to do instead of a fix. */
  private awaitedFile(): string | undefined {
    const layouts = this.parts.map((p) => p.layout?.id);
    if (layouts.includes('uk-organogram-junior') && !layouts.includes('uk-organogram-senior')) {
      return 'Junior posts report to senior posts: add the senior-posts file of the same organisation below.';
    }
    return undefined;
  }

  private combinedName(): string | null {
    if (this.parts.length < 2 || !isOrganogramPair(this.parts[0]!.layout?.id, this.parts[1]!.layout?.id)) return null;
    const organisation = (part: Part) => {
      const column = part.table.headers.findIndex((h) => h.trim().toLowerCase() === 'organisation');
      return column === -1 ? '' : (part.table.rows[0]?.cells[column] ?? '').trim();
    };
    const [a, b] = [organisation(this.parts[0]!), organisation(this.parts[1]!)];
    if (a !== '' && b !== '' && a !== b) return null;
    return `Senior and junior organogram files${a || b ? ` of ${a || b}` : ''}, combined into one tree: junior posts report to their senior posts.`;
  }

  private requirePart(part: number): Part {
    const p = Number.isInteger(part) ? this.parts[part] : undefined;
    if (!p) throw new ImportError('empty', part === 0 ? 'Choose a file first.' : 'That file is not part of this import.');
    return p;
  }
}

/** Reads a file and its first visible sheet into a part of the import. */
async function readPart(file: Blob, fileName: string, onProgress?: ProgressListener): Promise<Part> {
  if (file.size > IMPORT_LIMITS.fileBytes) throw fileTooLarge(file.size);
  if (file.size === 0) throw new ImportError('empty', 'The file is empty.');
  const bytes = await readAll(file, onProgress);
  let opened: OpenedFile | null = null;
  let workbookSheets: SheetText[] = [];
  let sheet: SheetText | null = null;
  let sheetRows: string[][] = [];
  let table: SheetTable | undefined;

  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    onProgress?.({ stage: 'unpacking', fraction: 0 });
    const workbook = await loadWorkbook(bytes);
    onProgress?.({ stage: 'unpacking', fraction: 1 });
    const sheets = describeSheets(workbook);
    const visible = sheets.findIndex((s) => !s.hidden);
    const firstRead = Math.max(visible, 0);
    workbookSheets = workbook.sheets.map((s, i) => readSheetRows(s, i === firstRead ? parsing(onProgress) : undefined));
    // The first visible sheet with people, else the first with any; an empty workbook has no rows to offer.
    const withPeople = (i: number) => !sheets[i]!.hidden && hasPeopleRows(sheetTable(workbookSheets[i]!));
    const chosen = [firstRead, ...sheets.keys()].find(withPeople) ?? firstRead;
    if (workbookSheets.every((s) => !s.rows.some(isFilled))) throw new ImportError('empty', 'The workbook has no rows: every sheet is empty.');
    sheet = workbookSheets[chosen]!;
    table = sheetTable(sheet);
    const empty = emptySheetProblem(sheet.rows, table);
    if (empty) throw new ImportError('empty', `The sheet “${sheet.name}” ${empty}`);
    opened = { fileName, kind: 'xlsx', sheets, sheetIndex: chosen, encoding: null, delimiter: null };
    sheetRows = sheet.rows;
  } else if (/\.xls[xmb]?$/i.test(fileName)) {
    // Named like a workbook but not a ZIP: the archive check says why (old .xls, or damaged).
    inspectXlsxArchive(bytes);
  } else {
    const { text, encoding } = decodeText(bytes);
    const { rows, delimiter } = parseCsv(text, { onProgress: (f) => onProgress?.({ stage: 'parsing', fraction: f }) });
    table = sheetTable({ rows });
    const empty = emptySheetProblem(rows, table);
    if (empty) throw new ImportError('empty', `The file ${empty}`);
    sheetRows = rows;
    opened = {
      fileName,
      kind: 'csv',
      sheets: [{ name: fileName, rows: rows.length, columns: rows.reduce((widest, r) => Math.max(widest, r.length), 0), hidden: false }],
      sheetIndex: 0,
      encoding,
      delimiter,
    };
  }
  if (!opened || !table) throw new ImportError('unreadable', 'The file could not be read as a workbook or CSV.');
  return { file: opened, workbookSheets, sheet, sheetRows, table, layout: null };
}

const isFilled = (row: readonly string[]) => row.some((cell) => cell.trim() !== '');

function hasPeopleRows(table: SheetTable): boolean {
  return table.rows.some((row) => isFilled(row.cells));
}

/** Why a sheet or file offers no one to import, said as the end of a sentence, or null when it has rows of people. */
function emptySheetProblem(rows: readonly string[][], table: SheetTable): string | null {
  if (!rows.some(isFilled)) return 'is empty: it has no rows.';
  return hasPeopleRows(table) ? null : 'has headings but no rows beneath them.';
}

/** The table of a sheet (or CSV rows), carrying the sheet's name and the unreadable cells for naming them. */
function sheetTable(sheet: Pick<SheetText, 'rows'> & Partial<SheetText>, headerIndex?: number): SheetTable {
  const table = toTable(sheet.rows, headerIndex ?? detectHeaderRow(sheet.rows, namesAField));
  if (sheet.name === undefined) return table;
  return { ...table, sheetName: sheet.name, unreadable: sheet.unreadable ?? [] };
}

function parsing(onProgress?: ProgressListener) {
  return onProgress && ((fraction: number) => onProgress({ stage: 'parsing', fraction }));
}

/** The file's bytes, read in pieces so progress can be reported for a large file. */
async function readAll(file: Blob, onProgress?: ProgressListener): Promise<Uint8Array> {
  const bytes = new Uint8Array(file.size);
  const reader = file.stream().getReader();
  let offset = 0;
  let reported = 0;
  onProgress?.({ stage: 'reading', fraction: 0 });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (offset + value.length > bytes.length) throw fileTooLarge(offset + value.length);
    bytes.set(value, offset);
    offset += value.length;
    if (onProgress && offset - reported >= READ_CHUNK_PROGRESS_BYTES) {
      reported = offset;
      onProgress({ stage: 'reading', fraction: offset / bytes.length });
    }
  }
  onProgress?.({ stage: 'reading', fraction: 1 });
  return bytes.subarray(0, offset);
}

