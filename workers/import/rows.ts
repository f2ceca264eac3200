/**
 * The import's output: the rows to upload, built from the mapped columns only, and the counts the consultant
 * is shown. Names and emails are not carried into the rows; manager emails become IDs first.
 */
import { resolveManagerEmails } from './managers.ts';
import { checkMapping, rowsToUpload } from './mappingGuards.ts';
import { groupingHeading, toServerColumnMapping, type ColumnMapping, type ServerColumnMapping } from './mapping.ts';
import type { SheetTable } from './table.ts';
import { parseSalary, readFte } from './values.ts';

export interface UploadRow {
  employeeId: string;
  managerEmployeeId: string | null;
  title: string;
  salary: number | null;
  fte: number | null;
  division: string | null;
  location: string | null;
  /** Client groupings by heading, or null when none is ticked. */
  attributes: Record<string, string | null> | null;
}

export interface ImportStats {
  skippedNoTitle: number;
  implausibleFte: number;
  generatedIds: number;
  unmatchedManagers: number;
  sharedEmails: number;
}

export interface ImportResult {
  rows: UploadRow[];
  stats: ImportStats;
  columnMapping: ServerColumnMapping;
}

/** Thrown when the mapping still has issues; the upload must not go ahead. */
export class MappingNotReadyError extends Error {
  constructor(readonly issues: readonly { message: string }[]) {
    super(issues.map((i) => i.message).join(' '));
    this.name = 'MappingNotReadyError';
  }
}

const text = (value: string | undefined) => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

export function buildImport(table: SheetTable, mapping: ColumnMapping): ImportResult {
  const issues = checkMapping(table, mapping);
  if (issues.length > 0) throw new MappingNotReadyError(issues);
  const { fields } = mapping;
  const cell = (cells: string[], column: number | undefined) => (column === undefined ? null : text(cells[column]));

  const blankRows = table.rows.filter((row) => row.cells.every((c) => c.trim() === '')).length;
  const kept = rowsToUpload(table, mapping);
  const stats: ImportStats = {
    skippedNoTitle: table.rows.length - blankRows - kept.length,
    implausibleFte: 0,
    generatedIds: 0,
    unmatchedManagers: 0,
    sharedEmails: 0,
  };

  const rows: UploadRow[] = kept.map((row) => {
    let employeeId = cell(row.cells, fields.employeeId);
    if (employeeId === null) {
      employeeId = `row-${row.rowNumber}`;
      stats.generatedIds += 1;
    }
    const fte = fields.fte === undefined ? { fte: null, implausible: false } : readFte(row.cells[fields.fte] ?? '');
    if (fte.implausible) stats.implausibleFte += 1;
    const salaryText = cell(row.cells, fields.salary);
    return {
      employeeId,
      managerEmployeeId: cell(row.cells, fields.managerEmployeeId),
      title: cell(row.cells, fields.title)!,
      salary: salaryText === null ? null : parseSalary(salaryText),
      fte: fte.fte,
      division: cell(row.cells, fields.division),
      location: cell(row.cells, fields.location),
      attributes:
        mapping.groupings.length === 0
          ? null
          : Object.fromEntries(mapping.groupings.map((c) => [groupingHeading(table.headers, c), text(row.cells[c])])),
    };
  });

  if (fields.managerEmail !== undefined) {
    const links = resolveManagerEmails(
      kept.map((row, i) => ({
        employeeId: rows[i]!.employeeId,
        email: cell(row.cells, fields.email),
        managerEmail: cell(row.cells, fields.managerEmail),
      })),
    );
    links.managerEmployeeIds.forEach((id, i) => (rows[i]!.managerEmployeeId = id));
    stats.unmatchedManagers = links.unmatchedManagers;
    stats.sharedEmails = links.sharedEmails;
  }
  return { rows, stats, columnMapping: toServerColumnMapping(table.headers, mapping) };
}
