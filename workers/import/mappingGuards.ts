/**
 * Checks a mapping against the file before anything is uploaded. Each issue blocks the upload and says how
 * to fix it: IDs that are emails or names, groupings that could identify people, values the server refuses.
 */
import { headingLooksPersonal } from '../guards/personalHeadings.ts';
import { firstPersonNameInContext, groupingIdentifiesPeople, groupingValueProblem, mostlyPersonNames, MAX_GROUPING_VALUE_LENGTH } from '../guards/personalValues.ts';
import { holdsEmail, normaliseText } from '../../schema/text.ts';
import { FIELD_LABELS, groupingHeading, MAPPED_FIELDS, MAX_FULL_TIME_HOURS, MAX_GROUPINGS, MIN_FULL_TIME_HOURS, type ColumnMapping, type MappedField } from './mapping.ts';
import { columnLabel, type DataRow, type SheetTable } from './table.ts';

/** The server's bounds on row values (spec: Limits; the dataset row schema). */
export const MAX_DATASET_ROWS = 50_000;
export const MAX_ID_LENGTH = 200;
export const MAX_TITLE_LENGTH = 500;
export const MAX_TEXT_LENGTH = 200;

export interface MappingIssue {
  /** The field or grouping column the issue is about, for showing it beside the right control. */
  field?: MappedField;
  grouping?: number;
  message: string;
}

/** Rows that will be uploaded: those with a job title (all non-blank rows while no title is mapped). */
export function rowsToUpload(table: SheetTable, mapping: ColumnMapping): DataRow[] {
  const title = mapping.fields.title;
  return table.rows.filter((row) =>
    title === undefined ? row.cells.some((c) => c.trim() !== '') : normaliseText(row.cells[title] ?? '') !== '',
  );
}

/** The issue of a list over the dataset limit; `counted` says what was counted ("this sheet has"). */
export function tooManyPeople(people: number, counted: string): MappingIssue {
  return {
    message: `A dataset holds at most ${MAX_DATASET_ROWS.toLocaleString('en-GB')} people; ${counted} ${people.toLocaleString('en-GB')}. Split the list into smaller datasets.`,
  };
}

export function checkMapping(table: SheetTable, mapping: ColumnMapping): MappingIssue[] {
  const issues: MappingIssue[] = [];
  const rows = rowsToUpload(table, mapping);
  const label = (column: number) => `“${columnLabel(table.headers, column)}”`;
  const { fields } = mapping;

  if (fields.title === undefined) issues.push({ field: 'title', message: 'Choose the column that holds job titles.' });
  else if (rows.length === 0) issues.push({ field: 'title', message: `No row has a job title in ${label(fields.title)}. Choose the column that holds job titles.` });
  if (rows.length > MAX_DATASET_ROWS) issues.push(tooManyPeople(rows.length, 'this sheet has'));

  const fieldOfColumn = new Map<number, MappedField>();
  for (const field of MAPPED_FIELDS) {
    const column = fields[field];
    if (column === undefined) continue;
    const other = fieldOfColumn.get(column);
    if (other) issues.push({ field, message: `${label(column)} is chosen for both ${FIELD_LABELS[other]} and ${FIELD_LABELS[field]}. Choose one.` });
    else fieldOfColumn.set(column, field);
  }

  if (fields.managerEmployeeId !== undefined && fields.managerEmail !== undefined) {
    issues.push({ field: 'managerEmail', message: 'Link managers either by Manager ID or by Manager email, not both. Clear one of them.' });
  }
  if (fields.managerEmail !== undefined && fields.email === undefined) {
    issues.push({ field: 'email', message: 'To link managers by email, also choose the column with each person’s own email. It is used in this browser only and never uploaded.' });
  }

  issues.push(...idIssues(rows, fields.employeeId, 'employeeId', label));
  issues.push(...idIssues(rows, fields.managerEmployeeId, 'managerEmployeeId', label));
  issues.push(...lengthIssue(rows, fields.title, 'title', MAX_TITLE_LENGTH, label));
  issues.push(...contextIssues(rows, fields.division, 'division', MAX_TEXT_LENGTH, label));
  for (const field of ['organisation', 'grade', 'group'] as const) issues.push(...contextIssues(rows, fields[field], field, MAX_GROUPING_VALUE_LENGTH, label));
  issues.push(...lengthIssue(rows, fields.location, 'location', MAX_TEXT_LENGTH, label));
  issues.push(...groupingIssues(table, mapping, rows, label));
  // The full-time week divides day rates and hours: 0 would annualise pay to infinity. The control keeps it in
  // range; a reused or hand-made mapping is checked here.
  const week = mapping.reading?.fullTimeHours;
  if (week !== undefined && !(week >= MIN_FULL_TIME_HOURS && week <= MAX_FULL_TIME_HOURS)) {
    issues.push({ message: `A full-time week must be between ${MIN_FULL_TIME_HOURS} and ${MAX_FULL_TIME_HOURS} hours, not ${week}. Correct it under how values are read.` });
  }
  return issues;
}

/** IDs are never emails or names (spec, minimisation rule 3), and are at most 200 characters. */
function idIssues(rows: DataRow[], column: number | undefined, field: 'employeeId' | 'managerEmployeeId', label: (c: number) => string): MappingIssue[] {
  if (column === undefined) return [];
  const values = rows.map((row) => row.cells[column] ?? '');
  const name = FIELD_LABELS[field];
  const instead =
    field === 'employeeId'
      ? 'Choose a column of staff numbers, or leave Employee ID unmapped and people are numbered row-<n> by their row.'
      : 'Choose Manager email for a column of email addresses, a column of managers’ staff numbers for Manager ID, or leave managers unmapped.';
  const withAt = rows.findIndex((row) => holdsEmail(row.cells[column] ?? ''));
  if (withAt !== -1) {
    return [{ field, message: `${label(column)}, chosen as ${name}, holds an email address (row ${rows[withAt]!.rowNumber}). IDs are never emails. ${instead}` }];
  }
  if (mostlyPersonNames(values)) {
    return [{ field, message: `Most values in ${label(column)}, chosen as ${name}, look like people’s names. IDs are never names. ${instead}` }];
  }
  const long = rows.findIndex((row) => normaliseText(row.cells[column] ?? '').length > MAX_ID_LENGTH);
  if (long !== -1) {
    return [{ field, message: `${label(column)}, chosen as ${name}, has an ID longer than ${MAX_ID_LENGTH} characters (row ${rows[long]!.rowNumber}). Choose the column of short staff numbers.` }];
  }
  return [];
}

/** A context column (unit, organisation, grade, professional group) is never emails or people's names, and its values are short. */
function contextIssues(rows: DataRow[], column: number | undefined, field: MappedField, max: number, label: (c: number) => string): MappingIssue[] {
  if (column === undefined) return [];
  const name = FIELD_LABELS[field];
  const withAt = rows.find((row) => holdsEmail(row.cells[column] ?? ''));
  if (withAt) return [{ field, message: `${label(column)}, chosen as ${name}, holds an email address (row ${withAt.rowNumber}). Choose the column that holds the ${name.toLowerCase()}, or leave it unmapped.` }];
  const named = firstPersonNameInContext(rows.map((row) => row.cells[column]));
  if (named !== -1) return [{ field, message: `Most values in ${label(column)}, chosen as ${name}, look like people’s names (row ${rows[named]!.rowNumber}), which are never uploaded. Choose the column that holds the ${name.toLowerCase()}, or leave it unmapped.` }];
  return lengthIssue(rows, column, field, max, label);
}

function lengthIssue(rows: DataRow[], column: number | undefined, field: MappedField, max: number, label: (c: number) => string): MappingIssue[] {
  if (column === undefined) return [];
  const long = rows.find((row) => normaliseText(row.cells[column] ?? '').length > max);
  return long
    ? [{ field, message: `${label(column)}, chosen as ${FIELD_LABELS[field]}, has a value longer than ${max} characters (row ${long.rowNumber}). Shorten it in the file or choose another column.` }]
    : [];
}

function groupingIssues(table: SheetTable, mapping: ColumnMapping, rows: DataRow[], label: (c: number) => string): MappingIssue[] {
  const issues: MappingIssue[] = [];
  if (mapping.groupings.length > MAX_GROUPINGS) {
    issues.push({ message: `At most ${MAX_GROUPINGS} client groupings can be uploaded; untick ${mapping.groupings.length - MAX_GROUPINGS}.` });
  }
  const mapped = new Set(Object.values(mapping.fields));
  const headingKey = (column: number) => groupingHeading(table.headers, column).toLowerCase();
  for (const column of mapping.groupings) {
    const issue = (message: string) => issues.push({ grouping: column, message });
    const key = headingKey(column);
    if (mapped.has(column)) {
      issue(`${label(column)} is already chosen as a field; untick it as a grouping.`);
      continue;
    }
    if (key === '') {
      issue(`${label(column)} has no heading. Give it a heading in the file to use it as a grouping, or untick it.`);
      continue;
    }
    if (table.headers.findIndex((_, c) => headingKey(c) === key) !== column) {
      issue(`${label(column)} repeats an earlier column’s heading; only the first column with a heading can be a grouping. Untick it.`);
      continue;
    }
    if (headingLooksPersonal(table.headers[column]!)) {
      issue(`${label(column)} looks like personal data (a name, contact detail, personal ID or a manager), which is never uploaded as a grouping. Untick it.`);
      continue;
    }
    const distinct = new Set<string>();
    let problem: string | null = null;
    for (const row of rows) {
      const value = (row.cells[column] ?? '').trim();
      if (value === '') continue;
      const kind = groupingValueProblem(value);
      if (kind === 'holds-at') problem = `${label(column)} holds an email address (row ${row.rowNumber}); groupings never hold personal data. Untick it.`;
      else if (kind === 'too-long') problem = `${label(column)} has a value longer than ${MAX_GROUPING_VALUE_LENGTH} characters (row ${row.rowNumber}). Shorten the values in the file or untick it.`;
      if (problem) break;
      distinct.add(value);
    }
    if (problem) issue(problem);
    else if (groupingIdentifiesPeople(distinct.size, rows.length)) {
      issue(`${label(column)} has ${distinct.size.toLocaleString('en-GB')} different values for ${rows.length.toLocaleString('en-GB')} people, enough to single people out. Untick it.`);
    }
  }
  return issues;
}
