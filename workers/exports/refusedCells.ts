/**
 * The refused-cells workbook (beyond the spec): every cell of a staff list that the import refuses or cannot
 * read, with its sheet row, column and the reason beside it, so the client's data owner can fix the source.
 * A refused value is shown only when it cannot be personal data: an email, a long ID or grouping value, or a
 * column whose heading names personal data is described, never printed (exports hold no names or emails).
 */
import ExcelJS from 'exceljs';
import { headingLooksPersonal } from '../guards/personalHeadings.ts';
import { groupingValueProblem, holdsAt, looksLikePersonName, MAX_GROUPING_VALUE_LENGTH } from '../guards/personalValues.ts';
import { MAX_ID_LENGTH, MAX_TITLE_LENGTH, rowsToUpload } from '../import/mappingGuards.ts';
import { FIELD_LABELS, type ColumnMapping } from '../import/mapping.ts';
import { columnLabel, type SheetTable } from '../import/table.ts';
import { parseSalary, readFte } from '../import/values.ts';
import { addTableSheet, workbookBytes, type TableColumn } from './xlsxStyle.ts';

export interface RefusedCell {
  /** 1-based row of the sheet; the heading row for a refused column. */
  row: number;
  column: string;
  /** The cell as written, or null when it is not printed. */
  value: string | null;
  reason: string;
}

const WITHHELD = null;

/** A value that might be an email or a name is described, not printed. */
const printable = (value: string) => (holdsAt(value) || looksLikePersonName(value) ? WITHHELD : value);

export function refusedCells(table: SheetTable, mapping: ColumnMapping): RefusedCell[] {
  const out: RefusedCell[] = [];
  const label = (column: number) => columnLabel(table.headers, column);
  const { fields } = mapping;
  for (const column of mapping.groupings) {
    if (headingLooksPersonal(table.headers[column] ?? '')) {
      out.push({ row: table.headerRowNumber, column: label(column), value: WITHHELD, reason: 'The heading names personal data: a client grouping may not identify people. Leave this column out.' });
    }
  }
  const ids = (['employeeId', 'managerEmployeeId'] as const).filter((f) => fields[f] !== undefined);
  for (const { rowNumber, cells } of rowsToUpload(table, mapping)) {
    const cell = (column: number) => (cells[column] ?? '').trim();
    for (const field of ids) {
      const value = cell(fields[field]!);
      if (holdsAt(value)) out.push({ row: rowNumber, column: label(fields[field]!), value: WITHHELD, reason: `${FIELD_LABELS[field]} holds an email address (not shown): IDs are never emails. Use the person's staff number.` });
      else if (value.length > MAX_ID_LENGTH) out.push({ row: rowNumber, column: label(fields[field]!), value: WITHHELD, reason: `${FIELD_LABELS[field]} is longer than ${MAX_ID_LENGTH} characters.` });
    }
    if (fields.title !== undefined && cell(fields.title).length > MAX_TITLE_LENGTH) {
      const title = cell(fields.title);
      // Judged whole, so an email past the 60 characters shown still withholds them.
      const value = printable(title) === WITHHELD ? WITHHELD : `${title.slice(0, 60)}…`;
      out.push({ row: rowNumber, column: label(fields.title), value, reason: `A job title may be at most ${MAX_TITLE_LENGTH} characters.` });
    }
    if (fields.salary !== undefined) {
      const value = cell(fields.salary);
      if (value !== '' && parseSalary(value) === null) {
        out.push({ row: rowNumber, column: label(fields.salary), value: printable(value), reason: 'Not read as an amount (such as £32,500 or 32.5k); this person is priced at the market rate instead.' });
      }
    }
    if (fields.fte !== undefined) {
      const value = cell(fields.fte);
      if (readFte(value).implausible) {
        out.push({ row: rowNumber, column: label(fields.fte), value: printable(value), reason: 'Not read as an FTE (0 to 1, such as 0.6, or a percentage such as 60%); counted as full-time.' });
      }
    }
    for (const column of mapping.groupings) {
      const problem = groupingValueProblem(cell(column));
      if (problem) {
        out.push({ row: rowNumber, column: label(column), value: WITHHELD, reason: problem === 'holds-at' ? 'A grouping value looks like an email address: not shown, and refused.' : `A grouping value is longer than ${MAX_GROUPING_VALUE_LENGTH} characters: refused.` });
      }
    }
  }
  return out;
}

const COLUMNS: TableColumn<RefusedCell>[] = [
  { header: 'Row', width: 8, format: 'count', value: (c) => c.row },
  { header: 'Column', width: 28, value: (c) => c.column },
  { header: 'Value', width: 30, value: (c) => c.value ?? '(not shown)' },
  { header: 'Why', width: 90, value: (c) => c.reason },
];

export async function buildRefusedCellsWorkbook(cells: readonly RefusedCell[]): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  addTableSheet(workbook, 'Cells to fix', COLUMNS, cells);
  return workbookBytes(workbook);
}
