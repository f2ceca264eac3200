/**
 * The import's output: the rows to upload, built from the mapped columns only, and the counts the consultant
 * is shown. Names and emails are not carried into the rows; manager emails become IDs first. A person's
 * mapped name and email are kept apart, as identities, for the store-names-and-emails option.
 */
import { normaliseText } from '../../schema/text.ts';
import { isRootMarker } from './inference.ts';
import { resolveManagerEmails } from './managers.ts';
import { reportingLines, type ReportingLines } from './reportingLines.ts';
import { checkMapping, MAX_DATASET_ROWS, rowsToUpload, tooManyPeople, type MappingIssue } from './mappingGuards.ts';
import { groupingHeading, MAX_GROUPINGS, readingOf, toServerColumnMapping, type ColumnMapping, type MappedField, type ServerColumnMapping, type ValueReading } from './mapping.ts';
import type { DataRow, SheetTable } from './table.ts';
import { parseSalary, readFte, readNumber, readPayBasis, readWorkPattern } from './values.ts';

export interface UploadRow {
  employeeId: string;
  managerEmployeeId: string | null;
  title: string;
  salary: number | null;
  fte: number | null;
  division: string | null;
  /** What the coder reads beside the title (issue 24); never summarised, logged or sent to a model. */
  organisation: string | null;
  grade: string | null;
  group: string | null;
  location: string | null;
  /** Client groupings by heading, or null when none is ticked. */
  attributes: Record<string, string | null> | null;
}

export interface ImportStats {
  /** Rows of the files with anything in them: what the mapping could upload. */
  rowsRead: number;
  skippedNoTitle: number;
  implausibleFte: number;
  generatedIds: number;
  /** People whose manager is not in the list (reportingLines.ts: the count the checks and results give). */
  unresolvedManagers: number;
  /** Distinct manager references (IDs or emails) naming nobody in the list. */
  unmatchedManagers: number;
  sharedEmails: number;
  /** Workbook cells whose value could not be read (a formula without its saved result, an error): read as blank. */
  unreadableCells: number;
  /** Salaries taken as the midpoint of a pay band (floor and ceiling). */
  salaryFromBand: number;
  /** Salaries annualised from an hourly or daily rate. */
  salaryAnnualised: number;
  /** Rows uploaded without a salary (no salary column, blank, not an amount, or a band of 0: not disclosed); priced at the market. */
  salaryMissing: number;
  /** Manager cells holding a top-of-tree marker such as “XX”, uploaded as no manager. */
  topMarkers: number;
  /** Posts made from rows that count several posts in FTE (an organogram's junior posts). */
  postsFromGroups: number;
  /** Rows of posts in FTE with no posts (0 or blank FTE), not uploaded. */
  skippedNoPosts: number;
}

/** A person's name and own email as read from the file; they leave the browser only when the consultant stores them. */
export interface PersonIdentity {
  employeeId: string;
  name: string | null;
  email: string | null;
}

export interface ImportResult {
  rows: UploadRow[];
  /** One per person with a mapped name or email (posts made from FTE have none). */
  identities: PersonIdentity[];
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

/** A cell as the server stores it (schema/text.ts), so what the page reads is what is uploaded; blank is none. */
const text = (value: string | undefined) => normaliseText(value ?? '') || null;

/** One file of an import and its mapping; an import may combine several (an organogram's senior and junior files). */
export interface ImportPart {
  table: SheetTable;
  mapping: ColumnMapping;
}

export function emptyStats(): ImportStats {
  return {
    rowsRead: 0, skippedNoTitle: 0, implausibleFte: 0, generatedIds: 0, unresolvedManagers: 0, unmatchedManagers: 0, sharedEmails: 0,
    unreadableCells: 0, salaryFromBand: 0, salaryAnnualised: 0, salaryMissing: 0, topMarkers: 0, postsFromGroups: 0, skippedNoPosts: 0,
  };
}

/** The rows as they would be uploaded, their counts and their reporting lines. */
export interface PreparedRows {
  rows: UploadRow[];
  stats: ImportStats;
  identities: PersonIdentity[];
  lines: ReportingLines;
}

export function buildImport(table: SheetTable, mapping: ColumnMapping): ImportResult {
  return buildCombinedImport([{ table, mapping }]);
}

/** The rows of every part, in order, with one set of counts; refuses while any part's mapping has issues. */
export function buildCombinedImport(parts: readonly ImportPart[]): ImportResult {
  const issues = parts.flatMap((part) => checkMapping(part.table, part.mapping));
  if (issues.length > 0) throw new MappingNotReadyError(issues);
  const { rows, stats, identities } = prepareRows(parts);
  const combined = combinedIssues(parts, rows.length);
  if (combined.length > 0) throw new MappingNotReadyError(combined);
  const columnMapping: ServerColumnMapping = {};
  for (const part of parts) Object.assign(columnMapping, toServerColumnMapping(part.table.headers, part.mapping));
  return { rows, identities, stats, columnMapping };
}

/**
 * Issues of the rows together rather than of one file: more people than a dataset holds once posts in FTE
 * become posts or files are combined, or more different groupings than can be uploaded.
 */
export function combinedIssues(parts: readonly ImportPart[], people: number): MappingIssue[] {
  const issues: MappingIssue[] = [];
  // One sheet over the limit is already said by that sheet's own check (counted only when over: it is a pass over the rows).
  const oneSheetOver = () => parts.length === 1 && rowsToUpload(parts[0]!.table, parts[0]!.mapping).length > MAX_DATASET_ROWS;
  if (people > MAX_DATASET_ROWS && !oneSheetOver()) issues.push(tooManyPeople(people, 'these rows make'));
  const headings = new Set(parts.flatMap((p) => p.mapping.groupings.map((c) => groupingHeading(p.table.headers, c))));
  if (parts.length > 1 && headings.size > MAX_GROUPINGS) {
    issues.push({ message: `The files together tick ${headings.size} different groupings; at most ${MAX_GROUPINGS} can be uploaded. Untick some.` });
  }
  return issues;
}

/** The rows as they would be uploaded, whatever the mapping's issues (the pre-upload checks read these). */
export function prepareRows(parts: readonly ImportPart[]): PreparedRows {
  const stats = emptyStats();
  const identities: PersonIdentity[] = [];
  const taken = new Set<string>();
  for (const part of parts) for (const id of explicitIds(part)) taken.add(id);
  // concat, not push(...rows): spreading 100,000 rows overflows a worker's stack in Chromium.
  const rows = parts.reduce<UploadRow[]>((all, part, index) => all.concat(partRows(part, index, stats, taken, identities)), []);
  const lines = reportingLines(rows);
  stats.unresolvedManagers = lines.unresolved;
  stats.unmatchedManagers = lines.missingReferences;
  stats.unreadableCells = parts.reduce((n, part) => n + (part.table.unreadable?.length ?? 0), 0);
  return { rows, stats, identities, lines };
}

function explicitIds({ table, mapping }: ImportPart): string[] {
  const column = mapping.fields.employeeId;
  if (column === undefined) return [];
  return table.rows.map((row) => text(row.cells[column])).filter((id): id is string => id !== null);
}

function partRows({ table, mapping }: ImportPart, partIndex: number, stats: ImportStats, taken: Set<string>, identities: PersonIdentity[]): UploadRow[] {
  const { fields } = mapping;
  const reading = readingOf(mapping);
  const cell = (cells: string[], column: number | undefined) => (column === undefined ? null : text(cells[column]));
  const blankRows = table.rows.filter((row) => row.cells.every((c) => c.trim() === '')).length;
  const kept = rowsToUpload(table, mapping);
  stats.rowsRead += table.rows.length - blankRows;
  stats.skippedNoTitle += table.rows.length - blankRows - kept.length;
  const prefix = partIndex === 0 ? '' : `file${partIndex + 1}-`;
  const unique = (id: string) => {
    let candidate = id;
    for (let n = 2; taken.has(candidate); n++) candidate = `${id}-${n}`;
    taken.add(candidate);
    return candidate;
  };
  const postCounters = new Map<string, number>();

  const rows: UploadRow[] = [];
  const people: DataRow[] = [];
  for (const row of kept) {
    let managerEmployeeId = cell(row.cells, fields.managerEmployeeId);
    if (managerEmployeeId !== null && isRootMarker(managerEmployeeId)) {
      managerEmployeeId = null;
      stats.topMarkers += 1;
    }
    const pay = salaryOf(row.cells, fields, reading);
    const base = {
      managerEmployeeId,
      title: cell(row.cells, fields.title)!,
      salary: pay.salary,
      division: cell(row.cells, fields.division),
      organisation: cell(row.cells, fields.organisation),
      grade: cell(row.cells, fields.grade),
      group: cell(row.cells, fields.group),
      location: cell(row.cells, fields.location),
      attributes:
        mapping.groupings.length === 0
          ? null
          : Object.fromEntries(mapping.groupings.map((c) => [groupingHeading(table.headers, c), text(row.cells[c])])),
    };
    if (reading.fte === 'posts' && fields.fte !== undefined) {
      // A group of posts counted in FTE: whole posts of 1 FTE and one post for the remainder, so they sum to it.
      const total = readNumber(row.cells[fields.fte] ?? '');
      const rounded = total === null ? 0 : Math.round(total * 100) / 100;
      if (rounded <= 0) {
        stats.skippedNoPosts += 1;
        continue;
      }
      const posts = Math.ceil(rounded);
      const stem = cell(row.cells, fields.employeeId) ?? managerEmployeeId ?? `${prefix}row-${row.rowNumber}`;
      for (let k = 1; k <= posts; k++) {
        const n = (postCounters.get(stem) ?? 0) + 1;
        postCounters.set(stem, n);
        const fte = k < posts ? 1 : Math.round((rounded - (posts - 1)) * 100) / 100;
        rows.push({ employeeId: unique(`${stem}-J${n}`), ...base, fte });
        people.push(row);
      }
      stats.postsFromGroups += posts;
      countSalary(stats, pay.source, posts);
      continue;
    }
    let employeeId = cell(row.cells, fields.employeeId);
    if (employeeId === null) {
      employeeId = unique(`${prefix}row-${row.rowNumber}`);
      stats.generatedIds += 1;
    }
    countSalary(stats, pay.source, 1);
    rows.push({ employeeId, ...base, fte: fteOf(row.cells, fields, reading, stats) });
    const name = cell(row.cells, fields.name);
    const email = cell(row.cells, fields.email);
    if (name !== null || email !== null) identities.push({ employeeId, name, email });
    people.push(row);
  }

  if (fields.managerEmail !== undefined) {
    const links = resolveManagerEmails(
      people.map((row, i) => ({
        employeeId: rows[i]!.employeeId,
        email: cell(row.cells, fields.email),
        managerEmail: cell(row.cells, fields.managerEmail),
      })),
    );
    links.managerEmployeeIds.forEach((id, i) => (rows[i]!.managerEmployeeId = id));
    stats.sharedEmails += links.sharedEmails;
  }
  return rows;
}

type Fields = Partial<Record<MappedField, number>>;

const WEEKS_A_YEAR = 52;
const DAYS_A_YEAR = 260;

/** Weekly hours from the hours column when it holds a plausible week, else the full-time week. */
function weeklyHours(cells: string[], fields: Fields): number | null {
  if (fields.hours === undefined) return null;
  const hours = readNumber(cells[fields.hours] ?? '');
  return hours !== null && hours > 0 && hours <= 100 ? hours : null;
}

export type SalarySource = 'band' | 'annualised' | 'as-written' | 'missing';

/**
 * A yearly salary: a band's midpoint (floor and ceiling; one side alone when the other is 0), an amount paid
 * by the hour or day annualised, or the amount as written. A band of 0 (not disclosed) or a blank is no salary.
 */
export function salaryOf(cells: string[], fields: Fields, reading: ValueReading): { salary: number | null; source: SalarySource } {
  const amount = (column: number | undefined) => {
    if (column === undefined) return null;
    const value = parseSalary(cells[column] ?? '');
    return value !== null && value > 0 ? value : null;
  };
  const rounded = (salary: number, source: SalarySource) => ({ salary: Math.round(salary * 100) / 100, source });
  const hours = weeklyHours(cells, fields) ?? reading.fullTimeHours;
  const floor = amount(fields.salary);
  if (fields.salaryCeiling !== undefined) {
    const ceiling = amount(fields.salaryCeiling);
    const mid = floor !== null && ceiling !== null ? (floor + ceiling) / 2 : (floor ?? ceiling);
    if (mid !== null) return rounded(mid, 'band');
  } else if (floor !== null) {
    const basis = fields.payBasis === undefined ? 'year' : (readPayBasis(cells[fields.payBasis] ?? '') ?? 'year');
    if (basis === 'year') return rounded(floor, 'as-written');
    return rounded(basis === 'hour' ? floor * hours * WEEKS_A_YEAR : (floor * DAYS_A_YEAR * hours) / reading.fullTimeHours, 'annualised');
  }
  const rate = amount(fields.hourlyRate);
  if (rate !== null) return rounded(rate * hours * WEEKS_A_YEAR, 'annualised');
  // Blank, not an amount, or no salary column at all: priced at market alike, and counted so.
  return { salary: null, source: 'missing' };
}

function countSalary(stats: ImportStats, source: SalarySource, people: number): void {
  if (source === 'band') stats.salaryFromBand += people;
  else if (source === 'annualised') stats.salaryAnnualised += people;
  else if (source === 'missing') stats.salaryMissing += people;
}

/** FTE from a fraction, full/part-time words (part time: hours ÷ the full-time week, else 0.5), or weekly hours. */
function fteOf(cells: string[], fields: Fields, reading: ValueReading, stats: ImportStats): number | null {
  const hours = weeklyHours(cells, fields);
  const fromHours = hours === null ? null : Math.round(Math.min(1, hours / reading.fullTimeHours) * 100) / 100;
  if (fields.fte === undefined) return fromHours;
  const raw = cells[fields.fte] ?? '';
  if (reading.fte === 'words') {
    if (raw.trim() === '') return fromHours;
    const pattern = readWorkPattern(raw);
    if (pattern === 'full') return 1;
    if (pattern === 'part') return fromHours ?? 0.5;
    stats.implausibleFte += 1;
    return null;
  }
  const fte = readFte(raw);
  if (fte.implausible) stats.implausibleFte += 1;
  return fte.fte ?? (raw.trim() === '' ? fromHours : null);
}
