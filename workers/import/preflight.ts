/**
 * Checks before upload, on the rows exactly as they would be uploaded: rows left out or unpriced and why, cells
 * that could not be read, how many manager references resolve (counted as the results count them), the tops
 * of the tree and loops, duplicate IDs, salaries missing or implausible, FTE values not understood. A problem
 * the consultant should act on is a warning; where the data shows the likely fix (another column as the job
 * title, salary, Employee ID or Manager ID), the warning carries the changed mapping so one click applies it,
 * and otherwise unresolved managers are listed in the cells-to-fix workbook, one click away.
 */
import { betterSalaryColumn, betterTitleColumn, SKIP_TOLERANCE, type BetterColumn } from './columnFill.ts';
import { bestIdColumn, referenceOverlap } from './inference.ts';
import { FIELD_LABELS, type ColumnMapping } from './mapping.ts';
import type { ImportPart, PreparedRows, UploadRow } from './rows.ts';
import { cellReference, columnLabel, type UnreadableCell } from './table.ts';

export interface CheckFix {
  label: string;
  /** Which file of the import the changed mapping is for (0 the first). */
  part: number;
  mapping: ColumnMapping;
  /** The field whose column the fix changes, so its reason can say where the choice came from. */
  field: 'title' | 'salary' | 'employeeId' | 'managerEmployeeId';
}

export interface CheckWarning {
  message: string;
  fix?: CheckFix;
  /** The cells behind the warning are listed in the cells-to-fix workbook, offered beside it. */
  listedInCellsToFix?: boolean;
}

export interface PreUploadChecks {
  people: number;
  /** Rows of the files with anything in them, and those left out for want of a job title. */
  rowsRead: number;
  skippedNoTitle: number;
  /** A manager column (ID or email) is chosen in some file: without one there are no reporting lines to check. */
  linked: boolean;
  /** People with a manager reference, and how many of those name someone in the list. */
  managerReferences: number;
  resolvedReferences: number;
  /** People whose manager is not in the list, and the distinct references naming nobody. */
  unresolvedManagers: number;
  missingManagerReferences: number;
  /** People without a manager: the tops of the tree. */
  roots: number;
  /** People whose reporting line runs into a loop. */
  inLoops: number;
  layers: number;
  averageSpan: number;
  duplicateIds: number;
  salaryMissing: number;
  /** Yearly salaries under 1,000 or over 1,000,000 (in the list’s currency): probably not yearly amounts. */
  salaryImplausible: number;
  salaryFromBand: number;
  salaryAnnualised: number;
  fteNotUnderstood: number;
  postsFromGroups: number;
  /** Rows of posts in FTE with 0 or no FTE: they make no post. */
  rowsWithoutPosts: number;
  topMarkers: number;
  /** Workbook cells whose value could not be read (read as blank), and the first of them named as Sheet1!D14. */
  unreadableCells: number;
  unreadableExamples: string[];
  warnings: CheckWarning[];
}

/** What the checks know of the files beyond their rows. */
export interface CheckContext {
  /** The files' references point into another file not yet added (a junior organogram alone): said instead of a fix. */
  awaitingFile?: string;
}

const IMPLAUSIBLY_LOW = 1_000;
const IMPLAUSIBLY_HIGH = 1_000_000;
/** Below this share of resolving references the reporting lines are called broken. */
const RESOLVE_WARNING = 0.9;
/** Unreadable cells named in a warning; the cells-to-fix workbook lists them all. */
const EXAMPLES = 5;

const count = (n: number) => n.toLocaleString('en-GB');
const pct = (share: number) => `${Math.round(share * 100)}%`;
const people = (n: number) => `${count(n)} ${n === 1 ? 'person' : 'people'}`;
/** "1 row counts", "3 rows count": a count with its noun and verb agreeing. */
const counted = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;
const ofRows = (n: number, rows: number) => `${count(n)} of ${counted(rows, 'row', 'rows')} (${pct(rows === 0 ? 0 : n / rows)})`;

export function preUploadChecks(parts: readonly ImportPart[], prepared: PreparedRows, context: CheckContext = {}): PreUploadChecks {
  const { rows, stats, lines } = prepared;
  const unreadable = parts.flatMap((p) => (p.table.unreadable ?? []).map((cell) => ({ cell, sheet: p.table.sheetName })));
  const salaryImplausible = rows.filter((r) => r.salary !== null && (r.salary < IMPLAUSIBLY_LOW || r.salary > IMPLAUSIBLY_HIGH)).length;
  const checks: PreUploadChecks = {
    people: rows.length,
    rowsRead: stats.rowsRead,
    skippedNoTitle: stats.skippedNoTitle,
    linked: parts.some((p) => p.mapping.fields.managerEmployeeId !== undefined || p.mapping.fields.managerEmail !== undefined),
    managerReferences: lines.references,
    resolvedReferences: lines.resolved,
    unresolvedManagers: lines.unresolved,
    missingManagerReferences: lines.missingReferences,
    roots: lines.roots,
    inLoops: countInLoops(rows),
    layers: lines.layers,
    averageSpan: lines.averageSpan,
    duplicateIds: lines.duplicateIds,
    salaryMissing: stats.salaryMissing,
    salaryImplausible,
    salaryFromBand: stats.salaryFromBand,
    salaryAnnualised: stats.salaryAnnualised,
    fteNotUnderstood: stats.implausibleFte,
    postsFromGroups: stats.postsFromGroups,
    rowsWithoutPosts: stats.skippedNoPosts,
    topMarkers: stats.topMarkers,
    unreadableCells: unreadable.length,
    unreadableExamples: unreadable.slice(0, EXAMPLES).map(({ cell, sheet }) => cellReference(sheet, cell.column, cell.row)),
    warnings: [],
  };
  checks.warnings = [
    ...skippedWarnings(parts, checks),
    ...unreadableWarnings(unreadable.map((u) => u.cell), checks.unreadableExamples),
    ...reportingWarnings(parts, checks, context),
    ...payAndFteWarnings(parts, checks),
  ];
  return checks;
}

/** Rows left out for want of a job title, with the column that would give them one. */
function skippedWarnings(parts: readonly ImportPart[], c: PreUploadChecks): CheckWarning[] {
  if (c.skippedNoTitle === 0) return [];
  const column = parts.length === 1 && parts[0]!.mapping.fields.title !== undefined ? ` in “${columnLabel(parts[0]!.table.headers, parts[0]!.mapping.fields.title)}”` : '';
  const message = `${ofRows(c.skippedNoTitle, c.rowsRead)} have no job title${column} and will not be uploaded: only ${counted(c.people, 'person', 'people')} would be.`;
  return [{ message, ...betterColumnFix(parts, betterTitleColumn) }];
}

function unreadableWarnings(cells: readonly UnreadableCell[], examples: string[]): CheckWarning[] {
  if (cells.length === 0) return [];
  const noResult = cells.filter((cell) => cell.reason === 'formula-without-result').length;
  const errors = cells.length - noResult;
  const kinds = [
    noResult > 0 ? `${counted(noResult, 'formula cell has', 'formula cells have')} no saved result` : null,
    errors > 0 ? `${counted(errors, 'cell holds', 'cells hold')} an error such as #DIV/0!` : null,
  ].filter((kind) => kind !== null).join(', and ');
  const more = cells.length > examples.length ? ` and ${count(cells.length - examples.length)} more` : '';
  return [{
    message:
      `${kinds} (${examples.join(', ')}${more}); ${cells.length === 1 ? 'it is' : 'they are'} read as blank. ` +
      'Open the workbook in Excel, let it calculate, save it, and choose it again.',
    listedInCellsToFix: true,
  }];
}

function reportingWarnings(parts: readonly ImportPart[], c: PreUploadChecks, context: CheckContext): CheckWarning[] {
  if (!c.linked) return [{ message: 'No manager column is chosen: the list has no reporting lines, so spans and layers will not be measured.' }];
  const warnings: CheckWarning[] = [];
  if (c.unresolvedManagers > 0) {
    const resolvedShare = `${pct(c.resolvedReferences / c.managerReferences)} of manager references (${count(c.resolvedReferences)} of ${count(c.managerReferences)}) name someone in the list`;
    const who =
      `${people(c.unresolvedManagers)} ${c.unresolvedManagers === 1 ? 'reports' : 'report'} to ` +
      `${counted(c.missingManagerReferences, 'manager who is', 'managers who are')} not in the list`;
    const message =
      c.resolvedReferences < c.managerReferences * RESOLVE_WARNING
        ? `Reporting lines will not resolve: only ${resolvedShare}, so spans and layers would be wrong. ${who}.`
        : `${who}; they are counted as not connected to the top (${resolvedShare}).`;
    if (context.awaitingFile) warnings.push({ message: `${message} ${context.awaitingFile}` });
    else {
      const fix = idColumnFix(parts) ?? managerColumnFix(parts);
      warnings.push(fix ? { message, fix } : { message, listedInCellsToFix: true });
    }
  }
  if (c.managerReferences === 0) warnings.push({ message: 'No one has a manager: the manager column is empty, so there will be no tree.' });
  if (c.inLoops > 0) warnings.push({ message: `${people(c.inLoops)} ${c.inLoops === 1 ? 'is' : 'are'} in reporting loops (A reports to B, B to A); they will count as not connected.` });
  if (c.duplicateIds > 0) warnings.push({ message: `${counted(c.duplicateIds, 'employee ID appears', 'employee IDs appear')} more than once; the first row wins for reporting lines.` });
  return warnings;
}

function payAndFteWarnings(parts: readonly ImportPart[], c: PreUploadChecks): CheckWarning[] {
  const warnings: CheckWarning[] = [];
  const paid = parts.some((p) => p.mapping.fields.salary !== undefined || p.mapping.fields.hourlyRate !== undefined);
  if (!paid) warnings.push({ message: 'No salary column is chosen: everyone will be priced at the market rate for their occupation.', ...betterColumnFix(parts, betterSalaryColumn) });
  else if (c.salaryMissing > 0) {
    const share = c.people > 0 && c.salaryMissing / c.people > SKIP_TOLERANCE ? ` (${pct(c.salaryMissing / c.people)} of those uploaded)` : '';
    warnings.push({
      message: `${people(c.salaryMissing)}${share} ${c.salaryMissing === 1 ? 'has' : 'have'} no salary (blank, not an amount, or a pay band of 0: not disclosed); they will be priced at the market rate for their occupation.`,
      ...betterColumnFix(parts, betterSalaryColumn),
    });
  }
  if (c.salaryImplausible > 0) {
    warnings.push({ message: `${people(c.salaryImplausible)} ${c.salaryImplausible === 1 ? 'has' : 'have'} a yearly salary under 1,000 or over 1,000,000 in the list’s currency. Check the salary column, or whether it holds hourly rates.` });
  }
  if (c.rowsWithoutPosts > 0) warnings.push({ message: `${counted(c.rowsWithoutPosts, 'row counts', 'rows count')} 0 posts in FTE (or none); they make no post and are not uploaded.` });
  if (c.fteNotUnderstood > 0) warnings.push({ message: `${counted(c.fteNotUnderstood, 'FTE value is', 'FTE values are')} not understood (above 1, or words); they will count as full time.` });
  return warnings;
}

/** The column that gives a title or a salary to more rows, offered as a one-click change of the mapping. */
function betterColumnFix(parts: readonly ImportPart[], find: (table: ImportPart['table'], mapping: ColumnMapping) => BetterColumn | null): { fix?: CheckFix } {
  for (const [part, { table, mapping }] of parts.entries()) {
    const better = find(table, mapping);
    if (!better) continue;
    const what = better.field === 'title' ? 'a title' : 'a yearly salary';
    return {
      fix: {
        part,
        field: better.field,
        label: `Use “${columnLabel(table.headers, better.column)}” as the ${FIELD_LABELS[better.field]} (${what} in ${ofRows(better.filled, better.rows)})`,
        mapping: withColumn(mapping, better.field, better.column),
      },
    };
  }
  return {};
}

/** The likely fix for references that do not resolve: the column they point to as the Employee ID. */
function idColumnFix(parts: readonly ImportPart[]): CheckFix | null {
  for (const [part, { table, mapping }] of parts.entries()) {
    const manager = mapping.fields.managerEmployeeId;
    if (manager === undefined) continue;
    const best = bestIdColumn(table, manager);
    if (!best || best.share < 0.5 || best.column === mapping.fields.employeeId) continue;
    const current = mapping.fields.employeeId === undefined ? 0 : referenceOverlap(columnValues(table, manager), new Set(columnValues(table, mapping.fields.employeeId))).share;
    if (best.share <= current) continue;
    return {
      part,
      field: 'employeeId',
      label: `Use “${columnLabel(table.headers, best.column)}” as the ${FIELD_LABELS.employeeId} (${pct(best.share)} of “${columnLabel(table.headers, manager)}” values are in it)`,
      mapping: withColumn(mapping, 'employeeId', best.column),
    };
  }
  return null;
}

/** Otherwise another column whose values name people of the Employee ID column more often, as the Manager ID. */
function managerColumnFix(parts: readonly ImportPart[]): CheckFix | null {
  for (const [part, { table, mapping }] of parts.entries()) {
    const { employeeId, managerEmployeeId } = mapping.fields;
    if (employeeId === undefined || managerEmployeeId === undefined) continue;
    const ids = new Set(columnValues(table, employeeId));
    const current = referenceOverlap(columnValues(table, managerEmployeeId), ids).share;
    const taken = new Set(Object.values(mapping.fields));
    let best: { column: number; share: number } | null = null;
    table.headers.forEach((_, column) => {
      if (taken.has(column)) return;
      const values = columnValues(table, column);
      const { share, references } = referenceOverlap(values, ids);
      // A manager column repeats (managers have several reports) and refers for at least half the people.
      if (references * 2 < values.length || new Set(values).size >= values.length * 0.9) return;
      if (share > current && share >= 0.5 && (!best || share > best.share)) best = { column, share };
    });
    const found = best as { column: number; share: number } | null;
    if (!found) continue;
    return {
      part,
      field: 'managerEmployeeId',
      label: `Use “${columnLabel(table.headers, found.column)}” as the ${FIELD_LABELS.managerEmployeeId} (${pct(found.share)} of its values are in “${columnLabel(table.headers, employeeId)}”)`,
      mapping: withColumn(mapping, 'managerEmployeeId', found.column),
    };
  }
  return null;
}

function columnValues(table: ImportPart['table'], column: number): string[] {
  return table.rows.map((row) => (row.cells[column] ?? '').trim()).filter((value) => value !== '');
}

/** The mapping with `column` feeding `field`, taken from any other field or grouping it fed. */
function withColumn(mapping: ColumnMapping, field: CheckFix['field'], column: number): ColumnMapping {
  const fields = Object.fromEntries(Object.entries(mapping.fields).filter(([f, c]) => f === field || c !== column));
  return { ...mapping, fields: { ...fields, [field]: column }, groupings: mapping.groupings.filter((g) => g !== column) };
}

/** People whose manager chain comes back to them. */
function countInLoops(rows: readonly UploadRow[]): number {
  const managerOf = new Map<string, string | null>();
  for (const row of rows) if (!managerOf.has(row.employeeId)) managerOf.set(row.employeeId, row.managerEmployeeId);
  const state = new Map<string, 1 | 2>(); // 1 on the current walk, 2 done
  const inLoop = new Set<string>();
  for (const start of managerOf.keys()) {
    const path: string[] = [];
    let cur: string | null | undefined = start;
    while (cur != null && managerOf.has(cur) && !state.has(cur)) {
      state.set(cur, 1);
      path.push(cur);
      cur = managerOf.get(cur);
      if (cur === path[path.length - 1]) cur = null; // being one's own manager marks the top, not a loop
    }
    if (cur != null && state.get(cur) === 1) {
      for (let i = path.indexOf(cur); i >= 0 && i < path.length; i++) inLoop.add(path[i]!);
    }
    for (const id of path) state.set(id, 2);
  }
  return inLoop.size;
}
