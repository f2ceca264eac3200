/**
 * The browser's spreadsheet limits (spec, Limits: "Browser spreadsheet parse"). They bound the memory a
 * hostile or mistaken file can take before and while it is read; each refusal says what to do instead.
 */
export const IMPORT_LIMITS = {
  fileBytes: 20 * 1024 * 1024,
  uncompressedXlsxBytes: 64 * 1024 * 1024,
  archiveEntries: 1024,
  rows: 100_001,
  columns: 256,
  cells: 5_000_000,
  cellCharacters: 32_768,
} as const;

export type ImportLimit = keyof typeof IMPORT_LIMITS;

/** A file refused because it breaks a limit or cannot be read; `message` is written for the consultant. */
export class ImportError extends Error {
  readonly code: ImportLimit | 'unreadable' | 'unsupported' | 'empty';

  constructor(code: ImportError['code'], message: string) {
    super(message);
    this.name = 'ImportError';
    this.code = code;
  }
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const count = (n: number) => n.toLocaleString('en-GB');

export function fileTooLarge(size: number): ImportError {
  return new ImportError(
    'fileBytes',
    `The file is ${megabytes(size)}; the limit is ${megabytes(IMPORT_LIMITS.fileBytes)}. ` +
      'Delete unused sheets and columns, or save only the staff list as CSV, and try again.',
  );
}

export function tooManyRows(): ImportError {
  return new ImportError(
    'rows',
    `The sheet has more than ${count(IMPORT_LIMITS.rows)} rows (a heading row and ${count(IMPORT_LIMITS.rows - 1)} people). ` +
      'Split the list or remove rows that are not people.',
  );
}

export function tooManyColumns(): ImportError {
  return new ImportError(
    'columns',
    `The sheet has more than ${count(IMPORT_LIMITS.columns)} columns. Delete the columns you do not need and try again.`,
  );
}

export function tooManyCells(): ImportError {
  return new ImportError(
    'cells',
    `The sheet has more than ${count(IMPORT_LIMITS.cells)} cells (rows times columns in use). Delete the columns you do not need and try again.`,
  );
}

export function cellTooLong(rowNumber: number): ImportError {
  return new ImportError(
    'cellCharacters',
    `A cell in row ${count(rowNumber)} holds more than ${count(IMPORT_LIMITS.cellCharacters)} characters. ` +
      'Shorten it or delete that column, and try again.',
  );
}

/** Counts rows, columns, cells and cell lengths as a table is read, refusing the first limit crossed. */
export class TableLimiter {
  private rows = 0;
  private cells = 0;

  /** Call once per row read, before keeping it; `cells` are that row's values without trailing blanks. */
  addRow(cells: readonly string[]): void {
    this.rows += 1;
    if (this.rows > IMPORT_LIMITS.rows) throw tooManyRows();
    if (cells.length > IMPORT_LIMITS.columns) throw tooManyColumns();
    this.cells += cells.length;
    if (this.cells > IMPORT_LIMITS.cells) throw tooManyCells();
    for (const cell of cells) {
      if (cell.length > IMPORT_LIMITS.cellCharacters) throw cellTooLong(this.rows);
    }
  }
}
