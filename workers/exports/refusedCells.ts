/**
 * The refused-cells workbook (beyond the spec): every cell of a staff list that the import refuses or cannot
 * read, with the cell (Sheet1!D14), its sheet row, column and the reason beside it, so the client's data owner
 * can fix the source: values refused, formulas without a saved result, rows left out for want of a job title,
 * and manager references naming nobody in the list.
 * A refused value is shown only when it cannot be personal data: an email, a long ID or grouping value, or a
 * column whose heading names personal data is described, never printed (exports hold no names or emails).
 */
import ExcelJS from 'exceljs';
import { headingLooksPersonal } from '../guards/personalHeadings.ts';
import { isRootMarker } from '../import/inference.ts';
import { normaliseEmail } from '../import/managers.ts';
import { groupingValueProblem, looksLikePersonName, MAX_GROUPING_VALUE_LENGTH } from '../guards/personalValues.ts';
import { holdsEmail } from '../../schema/text.ts';
import { MAX_ID_LENGTH, MAX_TITLE_LENGTH, rowsToUpload } from '../import/mappingGuards.ts';
import { FIELD_LABELS, readingOf, type ColumnMapping } from '../import/mapping.ts';
import { cellReference, columnLabel, type SheetTable } from '../import/table.ts';
import { parseSalary, readFte, readWorkPattern } from '../import/values.ts';
import { addTableSheet, workbookBytes, type TableColumn } from './xlsxStyle.ts';

export interface RefusedCell {
  /** The cell as a spreadsheet names it: Sheet1!D14, or D14 in a CSV file. */
  cell: string;
  /** 1-based row of the sheet; the heading row for a refused column. */
  row: number;
  column: string;
  /** The cell as written, or null when it is not printed. */
  value: string | null;
  reason: string;
}

const WITHHELD = null;

/** A value that might be an email or a name is described, not printed. */
const printable = (value: string) => (holdsEmail(value) || looksLikePersonName(value) ? WITHHELD : value);

/**
 * The cells to fix of one file. `knownIds` are the employee IDs of every file of the import (a junior organogram's
 * posts report to the senior file's); without them manager references are not checked.
 */
export function refusedCells(table: SheetTable, mapping: ColumnMapping, knownIds?: ReadonlySet<string>): RefusedCell[] {
  const out: RefusedCell[] = [];
  const label = (column: number) => columnLabel(table.headers, column);
  const push = (row: number, column: number, value: string | null, reason: string) =>
    out.push({ cell: cellReference(table.sheetName, column, row), row, column: label(column), value, reason });
  const { fields } = mapping;
  const fteReading = readingOf(mapping).fte;
  for (const column of mapping.groupings) {
    if (headingLooksPersonal(table.headers[column] ?? '')) {
      push(table.headerRowNumber, column, WITHHELD, 'The heading names personal data: a client grouping may not identify people. Leave this column out.');
    }
  }
  for (const cell of table.unreadable ?? []) {
    push(cell.row, cell.column, WITHHELD, cell.reason === 'error'
      ? `Holds the error ${cell.error}: read as blank. Correct the formula or the values it uses.`
      : 'A formula with no saved result: read as blank. Open the workbook in Excel, let it calculate, save it and import it again.');
  }
  if (fields.title !== undefined) {
    // A title left blank by an unreadable formula is listed once, above, with its cause.
    const unreadTitles = new Set((table.unreadable ?? []).filter((c) => c.column === fields.title).map((c) => c.row));
    for (const { rowNumber, cells } of table.rows) {
      if ((cells[fields.title] ?? '').trim() === '' && cells.some((c) => c.trim() !== '') && !unreadTitles.has(rowNumber)) {
        push(rowNumber, fields.title, '', 'No job title: this row is not uploaded. Give it a title, or choose the column that holds titles for every row.');
      }
    }
  }
  const ids = (['employeeId', 'managerEmployeeId'] as const).filter((f) => fields[f] !== undefined);
  const ownEmails = fields.managerEmail !== undefined && fields.email !== undefined ? emailsOf(table, fields.email) : null;
  for (const { rowNumber, cells } of rowsToUpload(table, mapping)) {
    const cell = (column: number) => (cells[column] ?? '').trim();
    for (const field of ids) {
      const value = cell(fields[field]!);
      if (holdsEmail(value)) push(rowNumber, fields[field]!, WITHHELD, `${FIELD_LABELS[field]} holds an email address (not shown): IDs are never emails. Use the person's staff number.`);
      else if (value.length > MAX_ID_LENGTH) push(rowNumber, fields[field]!, WITHHELD, `${FIELD_LABELS[field]} is longer than ${MAX_ID_LENGTH} characters.`);
      else if (field === 'managerEmployeeId' && knownIds && value !== '' && !isRootMarker(value) && !knownIds.has(value)) {
        push(rowNumber, fields[field]!, printable(value), 'Names no one in the list: this person and anyone under them are not connected to the top. Correct the reference, or add their manager to the list.');
      }
    }
    if (ownEmails && fields.managerEmail !== undefined) {
      const managerEmail = cell(fields.managerEmail);
      if (managerEmail !== '' && !ownEmails.has(normaliseEmail(managerEmail))) {
        push(rowNumber, fields.managerEmail, WITHHELD, 'The manager email (not shown) is no one’s own email in the list: this person is not connected to the top.');
      }
    }
    if (fields.title !== undefined && cell(fields.title).length > MAX_TITLE_LENGTH) {
      const title = cell(fields.title);
      // Judged whole, so an email past the 60 characters shown still withholds them.
      const value = printable(title) === WITHHELD ? WITHHELD : `${title.slice(0, 60)}…`;
      push(rowNumber, fields.title, value, `A job title may be at most ${MAX_TITLE_LENGTH} characters.`);
    }
    if (fields.salary !== undefined) {
      const value = cell(fields.salary);
      if (value !== '' && parseSalary(value) === null) {
        push(rowNumber, fields.salary, printable(value), 'Not read as an amount (such as £32,500 or 32.5k); this person is priced at the market rate instead.');
      }
    }
    if (fields.fte !== undefined && fteReading !== 'posts') {
      const value = cell(fields.fte);
      if (fteReading === 'words' ? value !== '' && readWorkPattern(value) === null : readFte(value).implausible) {
        push(rowNumber, fields.fte, printable(value), fteReading === 'words'
          ? 'Not read as full time or part time (such as F, P, Full-Time, Part-Time); counted as full-time.'
          : 'Not read as an FTE (0 to 1, such as 0.6, or a percentage such as 60%); counted as full-time.');
      }
    }
    for (const column of mapping.groupings) {
      const problem = groupingValueProblem(cell(column));
      if (problem) {
        push(rowNumber, column, WITHHELD, problem === 'holds-at' ? 'A grouping value looks like an email address: not shown, and refused.' : `A grouping value is longer than ${MAX_GROUPING_VALUE_LENGTH} characters: refused.`);
      }
    }
  }
  // In the order of the sheet, as the data owner works through it.
  return out.sort((a, b) => a.row - b.row);
}

function emailsOf(table: SheetTable, column: number): Set<string> {
  const emails = new Set<string>();
  for (const row of table.rows) {
    const email = normaliseEmail(row.cells[column] ?? '');
    if (email !== '') emails.add(email);
  }
  return emails;
}

const COLUMNS: TableColumn<RefusedCell>[] = [
  { header: 'Cell', width: 14, value: (c) => c.cell },
  { header: 'Row', width: 8, format: 'count', value: (c) => c.row },
  { header: 'Column', width: 28, value: (c) => c.column },
  { header: 'Value', width: 30, value: (c) => (c.value === null ? '(not shown)' : c.value === '' ? '(blank)' : c.value) },
  { header: 'Why', width: 90, value: (c) => c.reason },
];

export async function buildRefusedCellsWorkbook(cells: readonly RefusedCell[]): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  addTableSheet(workbook, 'Cells to fix', COLUMNS, cells);
  return workbookBytes(workbook);
}
