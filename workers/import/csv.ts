/**
 * CSV reading: delimiter detection and a quote-aware parser (RFC 4180 quoting with "" for a quote, fields
 * across line breaks, CRLF / LF / CR line ends). Limits are checked row by row as the text is read.
 */
import { ImportError, TableLimiter } from './limits.ts';

export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
/**
 * No delimiter: a file of one column, each line one value. A list of titles, one a line, keeps the commas of
 * "Deputy Director, Finance" inside its title instead of splitting it at them.
 */
export const WHOLE_LINE = '';
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number] | typeof WHOLE_LINE;

/** How many records the delimiter guess looks at, and how much text. */
const SAMPLE_RECORDS = 20;
const SAMPLE_CHARACTERS = 64 * 1024;
/** Progress is reported after roughly this many characters. */
const PROGRESS_STEP = 512 * 1024;

/**
 * Calls `onRecord` with each record's fields and its 1-based number; stop early by returning false.
 * `lenientEnd` accepts an unclosed quote at the end (used on a cut-off sample).
 */
function readRecords(
  text: string,
  delimiter: string,
  onRecord: (fields: string[], recordNumber: number, endOffset: number) => boolean | void,
  lenientEnd = false,
): void {
  const length = text.length;
  let position = 0;
  let recordNumber = 0;
  while (position < length) {
    recordNumber += 1;
    const fields: string[] = [];
    for (;;) {
      let value: string;
      if (text[position] === '"') {
        let closed = false;
        let out = '';
        let cursor = position + 1;
        while (cursor < length) {
          const quote = text.indexOf('"', cursor);
          if (quote === -1) break;
          out += text.slice(cursor, quote);
          if (text[quote + 1] === '"') {
            out += '"';
            cursor = quote + 2;
          } else {
            cursor = quote + 1;
            closed = true;
            break;
          }
        }
        if (!closed) {
          if (!lenientEnd) {
            throw new ImportError(
              'unreadable',
              `A quoted value that starts in row ${recordNumber} is never closed. Check that row's quote marks and save the file again.`,
            );
          }
          out += text.slice(cursor);
          cursor = length;
        }
        // Text after the closing quote (as in "a"b) is kept as it stands, as spreadsheet programs do.
        let end = cursor;
        while (end < length && text[end] !== delimiter && text[end] !== '\n' && text[end] !== '\r') end += 1;
        value = out + text.slice(cursor, end);
        position = end;
      } else {
        let end = position;
        while (end < length && text[end] !== delimiter && text[end] !== '\n' && text[end] !== '\r') end += 1;
        value = text.slice(position, end);
        position = end;
      }
      fields.push(value);
      if (position < length && text[position] === delimiter) {
        position += 1;
        continue;
      }
      break;
    }
    if (text[position] === '\r') position += 1;
    if (text[position] === '\n') position += 1;
    // A lone empty field on a line is a blank row, not a row of one empty value.
    const record = fields.length === 1 && fields[0] === '' ? [] : fields;
    if (onRecord(record, recordNumber, position) === false) return;
  }
}

/**
 * The delimiter whose first records most consistently split into the same number (at least two) of fields;
 * none (WHOLE_LINE) when no delimiter splits most records.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const sample = text.slice(0, SAMPLE_CHARACTERS);
  let best: { delimiter: CsvDelimiter; share: number; width: number } | null = null;
  for (const delimiter of CSV_DELIMITERS) {
    const widths: number[] = [];
    readRecords(
      sample,
      delimiter,
      (fields) => {
        if (fields.length > 0) widths.push(fields.length);
        return widths.length < SAMPLE_RECORDS;
      },
      true,
    );
    const tally = new Map<number, number>();
    for (const width of widths) tally.set(width, (tally.get(width) ?? 0) + 1);
    let width = 0;
    let seen = 0;
    for (const [w, n] of tally) if (n > seen || (n === seen && w > width)) [width, seen] = [w, n];
    if (width < 2) continue;
    const share = seen / widths.length;
    if (!best || share > best.share || (share === best.share && width > best.width)) best = { delimiter, share, width };
  }
  return best?.delimiter ?? WHOLE_LINE;
}

export interface CsvParseOptions {
  delimiter?: CsvDelimiter;
  /** Called now and then with the share of the text read, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/** All records, each without trailing empty fields; refuses the first browser limit crossed. */
export function parseCsv(text: string, options: CsvParseOptions = {}): { rows: string[][]; delimiter: CsvDelimiter } {
  const delimiter = options.delimiter ?? detectDelimiter(text);
  const limiter = new TableLimiter();
  const rows: string[][] = [];
  let nextReport = PROGRESS_STEP;
  readRecords(text, delimiter, (fields, _n, endOffset) => {
    const row = withoutTrailingBlanks(fields);
    limiter.addRow(row);
    rows.push(row);
    if (options.onProgress && endOffset >= nextReport) {
      options.onProgress(endOffset / text.length);
      nextReport = endOffset + PROGRESS_STEP;
    }
  });
  options.onProgress?.(1);
  return { rows, delimiter };
}

export function withoutTrailingBlanks(cells: string[]): string[] {
  let end = cells.length;
  while (end > 0 && cells[end - 1]!.trim() === '') end -= 1;
  return end === cells.length ? cells : cells.slice(0, end);
}
