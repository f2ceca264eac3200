/**
 * One spreadsheet import, held where it runs (a Web Worker in the browser): the file is read once, the chosen
 * sheet kept as a table, and the page asks for headings, a preview, mapping checks and finally the rows.
 * Nothing here touches storage or the network, so names and emails in the file stay in this memory.
 */
import { parseCsv, type CsvDelimiter } from './csv.ts';
import { decodeText, type TextEncodingName } from './encoding.ts';
import { fileTooLarge, IMPORT_LIMITS, ImportError } from './limits.ts';
import { groupingChoices, initialMapping, type ColumnMapping, type GroupingChoice, type ServerColumnMapping } from './mapping.ts';
import { checkMapping, rowsToUpload, type MappingIssue } from './mappingGuards.ts';
import { buildImport, type ImportResult } from './rows.ts';
import { HEADER_SEARCH_ROWS, toTable, type SheetTable } from './table.ts';
import { describeSheets, loadWorkbook, readSheetRows, type SheetInfo } from './xlsx.ts';
import { inspectXlsxArchive } from './zipDirectory.ts';

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

const PREVIEW_ROWS = 5;
const READ_CHUNK_PROGRESS_BYTES = 1024 * 1024;

export class SpreadsheetImport {
  private file: OpenedFile | null = null;
  /**
   * Every sheet of a workbook as text rows. The exceljs workbook is released as soon as they exist,
   * so a workbook is never held in memory twice (cells and text); the sheet chooser reads from these.
   */
  private workbookSheets: string[][][] = [];
  private sheetRows: string[][] = [];
  private table: SheetTable | null = null;

  /** Reads the file and its first visible sheet; refuses a file over the limits. */
  async open(file: Blob, fileName: string, onProgress?: ProgressListener): Promise<{ file: OpenedFile; view: SheetView }> {
    this.file = null;
    this.workbookSheets = [];
    this.table = null;
    this.sheetRows = [];
    if (file.size > IMPORT_LIMITS.fileBytes) throw fileTooLarge(file.size);
    if (file.size === 0) throw new ImportError('empty', 'The file is empty.');
    const bytes = await readAll(file, onProgress);

    if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
      onProgress?.({ stage: 'unpacking', fraction: 0 });
      const workbook = await loadWorkbook(bytes);
      onProgress?.({ stage: 'unpacking', fraction: 1 });
      const sheets = describeSheets(workbook);
      const visible = sheets.findIndex((s) => !s.hidden);
      this.file = { fileName, kind: 'xlsx', sheets, sheetIndex: Math.max(visible, 0), encoding: null, delimiter: null };
      const chosen = this.file.sheetIndex;
      this.workbookSheets = workbook.worksheets.map((sheet, i) => readSheetRows(sheet, i === chosen ? parsing(onProgress) : undefined));
      this.sheetRows = this.workbookSheets[chosen] ?? [];
    } else if (/\.xls[xmb]?$/i.test(fileName)) {
      // Named like a workbook but not a ZIP: the archive check says why (old .xls, or damaged).
      inspectXlsxArchive(bytes);
    } else {
      const { text, encoding } = decodeText(bytes);
      const { rows, delimiter } = parseCsv(text, { onProgress: (f) => onProgress?.({ stage: 'parsing', fraction: f }) });
      this.sheetRows = rows;
      this.file = {
        fileName,
        kind: 'csv',
        sheets: [{ name: fileName, rows: rows.length, columns: rows.reduce((widest, r) => Math.max(widest, r.length), 0), hidden: false }],
        sheetIndex: 0,
        encoding,
        delimiter,
      };
    }
    if (!this.file) throw new ImportError('unreadable', 'The file could not be read as a workbook or CSV.');
    this.table = toTable(this.sheetRows);
    return { file: this.file, view: this.view() };
  }

  /** Switches to another sheet of the workbook (the sheet chooser). */
  selectSheet(index: number, onProgress?: ProgressListener): SheetView {
    const file = this.requireFile();
    const rows = Number.isInteger(index) ? this.workbookSheets[index] : undefined;
    if (!rows || index >= file.sheets.length) throw new ImportError('unreadable', 'That sheet does not exist in this file.');
    onProgress?.({ stage: 'parsing', fraction: 1 });
    this.sheetRows = rows;
    file.sheetIndex = index;
    this.table = toTable(this.sheetRows);
    return this.view();
  }

  /** Uses another of the first 20 rows as the heading row. */
  setHeaderRow(rowNumber: number): SheetView {
    this.requireFile();
    if (!Number.isInteger(rowNumber) || rowNumber < 1 || rowNumber > Math.min(HEADER_SEARCH_ROWS, this.sheetRows.length)) {
      throw new ImportError('unreadable', `Choose a heading row between 1 and ${Math.min(HEADER_SEARCH_ROWS, this.sheetRows.length)}.`);
    }
    this.table = toTable(this.sheetRows, rowNumber - 1);
    return this.view();
  }

  view(): SheetView {
    const table = this.requireTable();
    return {
      sheetIndex: this.requireFile().sheetIndex,
      headerRowNumber: table.headerRowNumber,
      headerCandidates: this.sheetRows.slice(0, HEADER_SEARCH_ROWS),
      headers: table.headers,
      rowCount: table.rows.length,
      preview: table.rows.slice(0, PREVIEW_ROWS).map((row) => row.cells),
    };
  }

  /** The mapping to start from: the previous ready dataset's when it fits this file, else suggested. */
  initialMapping(previous?: ServerColumnMapping | null): { mapping: ColumnMapping; reused: boolean } {
    return initialMapping(this.requireTable(), previous);
  }

  groupingChoices(mapping: ColumnMapping): GroupingChoice[] {
    return groupingChoices(this.requireTable().headers, mapping);
  }

  check(mapping: ColumnMapping): { issues: MappingIssue[]; rowsToUpload: number } {
    const table = this.requireTable();
    return { issues: checkMapping(table, mapping), rowsToUpload: rowsToUpload(table, mapping).length };
  }

  /** The rows to upload and the import counts; refuses while the mapping has issues. */
  build(mapping: ColumnMapping): ImportResult {
    return buildImport(this.requireTable(), mapping);
  }

  /** Drops the file's contents from memory. */
  close(): void {
    this.file = null;
    this.workbookSheets = [];
    this.table = null;
    this.sheetRows = [];
  }

  private requireFile(): OpenedFile {
    if (!this.file) throw new ImportError('empty', 'Choose a file first.');
    return this.file;
  }

  private requireTable(): SheetTable {
    if (!this.table) throw new ImportError('empty', 'Choose a file first.');
    return this.table;
  }
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

