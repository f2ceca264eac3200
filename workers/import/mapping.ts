/**
 * Column mapping: which spreadsheet column feeds which field, suggested from the headings (and a glance at
 * the values), or reused from the engagement's previous ready dataset when it fits the new file; and the
 * form the server records it in (heading → field).
 */
import { headingLooksPersonal } from '../guards/personalHeadings.ts';
import { MAX_GROUPINGS } from '../guards/personalValues.ts';
import { holdsEmail, normaliseText } from '../../schema/text.ts';
import { columnLabel, type SheetTable } from './table.ts';

/**
 * Fields a column can feed. `email` is each person's own address, used to resolve manager emails in the
 * browser; `name` is the person's name. Neither ever enters the rows: they leave the browser only as
 * identities, when a member with PII access ticks the store-names-and-emails option.
 */
export const MAPPED_FIELDS = [
  'title', 'employeeId', 'managerEmployeeId', 'managerEmail', 'email', 'name', 'salary', 'salaryCeiling', 'hourlyRate', 'payBasis', 'hours', 'fte',
  'division', 'organisation', 'grade', 'group', 'location',
] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];

export { MAX_GROUPINGS };

export const FIELD_LABELS: Record<MappedField, string> = {
  title: 'Job title',
  employeeId: 'Employee ID',
  managerEmployeeId: 'Manager ID',
  managerEmail: 'Manager email',
  email: 'Person’s own email',
  name: 'Person’s name',
  salary: 'Salary',
  salaryCeiling: 'Pay band ceiling',
  hourlyRate: 'Hourly rate',
  payBasis: 'Pay basis',
  hours: 'Weekly hours',
  fte: 'FTE',
  division: 'Division',
  organisation: 'Organisation',
  grade: 'Grade',
  group: 'Professional group',
  location: 'Location',
};

/**
 * How an FTE column is read: a fraction (0.6, 60%), full-time/part-time words, or a number of posts in FTE
 * (an organogram's aggregated junior posts: each row becomes that many posts).
 */
export type FteReading = 'fraction' | 'words' | 'posts';

export interface ValueReading {
  fte: FteReading;
  /** Hours of a full-time week: weekly hours ÷ this is the FTE, and an hourly rate × weekly hours × 52 is the salary. */
  fullTimeHours: number;
}

export const DEFAULT_READING: ValueReading = { fte: 'fraction', fullTimeHours: 37.5 };
/** The range of a full-time week the import accepts (the column-mapping control and checkMapping). */
export const MIN_FULL_TIME_HOURS = 1;
export const MAX_FULL_TIME_HOURS = 80;

/** Column index per mapped field, and the ticked client groupings (column indices, in the order ticked). */
export interface ColumnMapping {
  fields: Partial<Record<MappedField, number>>;
  groupings: number[];
  /** How pay and FTE values are read; the defaults when absent. */
  reading?: ValueReading;
}

export function readingOf(mapping: ColumnMapping): ValueReading {
  return mapping.reading ?? DEFAULT_READING;
}

/**
 * What the server stores as a dataset's column_mapping: heading → field ("grouping" for a client grouping).
 * The pay columns (band ceiling, hourly rate) are recorded as salary and weekly hours as FTE, the fields they feed.
 */
export type ServerField = Exclude<MappedField, 'email' | 'name' | 'salaryCeiling' | 'hourlyRate' | 'payBasis' | 'hours'> | 'grouping';
const SERVER_FIELD: Partial<Record<MappedField, ServerField>> = { salaryCeiling: 'salary', hourlyRate: 'salary', hours: 'fte' };
export type ServerColumnMapping = Record<string, ServerField>;

/** Headings (as normalised words) that name each field; exact matches win over headings that contain one. */
const SYNONYMS: Record<MappedField, string[]> = {
  title: ['job title', 'jobtitle', 'title', 'role', 'role title', 'job role', 'position', 'position title', 'employee position title', 'job', 'job name', 'designation', 'post title', 'job position', 'job titles', 'title description', 'job description title', 'post name', 'job class title', 'class title', 'generic job title'],
  employeeId: ['employee id', 'employee number', 'employee no', 'employee code', 'emp id', 'emp no', 'emp number', 'staff id', 'staff number', 'staff no', 'person id', 'personnel number', 'personnel no', 'payroll number', 'payroll id', 'payroll no', 'payroll ref', 'payroll reference', 'worker id', 'colleague id', 'ee id', 'ee number', 'id', 'post unique reference', 'position number', 'position id', 'position no', 'post id', 'post reference', 'post number', 'employee ref', 'staff ref', 'person ref'],
  managerEmployeeId: ['manager id', 'manager employee id', 'manager employee number', 'manager number', 'manager no', 'manager staff id', 'manager emp id', 'line manager id', 'line manager number', 'reports to id', 'supervisor id', 'reports to senior post', 'reporting senior post', 'reports to position', 'reports to post', 'reports to position number', 'parent position', 'supervisor position', 'manager position', 'manager ref', 'line manager ref', 'reports to'],
  managerEmail: ['manager email', 'manager email address', 'line manager email', 'line manager email address', 'reports to email', 'supervisor email'],
  // Never suggested: a name is mapped only by a consultant who means to store it.
  name: [],
  email: ['email', 'email address', 'work email', 'work email address', 'employee email', 'staff email', 'e mail', 'business email'],
  salary: ['salary', 'base salary', 'basic salary', 'annual salary', 'annual base salary', 'gross salary', 'fte salary', 'pay', 'base pay', 'annual pay', 'basic pay', 'compensation', 'annual compensation', 'annual rate', 'annual wage', 'annual rt'],
  salaryCeiling: [],
  hourlyRate: ['hourly rate', 'hourly wage', 'hourly pay', 'rate per hour', 'hourly'],
  payBasis: ['pay basis', 'salary or hourly', 'pay type', 'pay frequency', 'rate type'],
  hours: ['typical hours', 'weekly hours', 'contracted hours', 'hours per week', 'standard hours', 'working hours', 'contract hours'],
  fte: ['fte', 'full time equivalent', 'fte percentage', 'contracted fte', 'working fte', 'number of posts in fte', 'whole time equivalent', 'wte', 'full or part time', 'full part time', 'ft pt', 'employment type', 'work pattern'],
  division: ['division', 'department', 'dept', 'business unit', 'function', 'directorate', 'business area', 'agency name', 'department name', 'agency', 'unit'],
  organisation: ['organisation', 'organization', 'organisation name', 'organization name', 'employer', 'employer name', 'company', 'company name', 'legal entity'],
  grade: ['grade', 'grade or equivalent', 'pay grade', 'job grade', 'grade code', 'salary grade', 'grade level', 'civil service grade', 'rank'],
  group: ['professional occupational group', 'professional group', 'occupational group', 'occupation group', 'profession', 'job family', 'professional family'],
  location: ['location', 'work location', 'office location', 'office', 'site', 'base location', 'work site', 'country', 'city', 'region', 'work location borough', 'borough', 'duty station', 'work city', 'county', 'state'],
};

/** Lower-case words of a heading, currency signs and bracketed units dropped ("Salary (£)" → "salary"). */
export function normaliseHeading(heading: string): string {
  return heading
    .normalize('NFKC')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .replace(/[£$€%#]/g, ' ')
    .replace(/\b(gbp|usd|eur)\b/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const emptyMapping = (): ColumnMapping => ({ fields: {}, groupings: [] });

/** Whether a heading is one of the names a field is known by ("Job title", "Salary"), word for word. */
export function namesAField(heading: string): boolean {
  const name = normaliseHeading(heading);
  return MAPPED_FIELDS.some((field) => SYNONYMS[field].includes(name));
}

/** How many rows the suggestion glances at to tell an email column from an ID column. */
const SAMPLE_ROWS = 200;

/** A first mapping from the headings: exact synonyms first, then headings containing one; each column used once. */
export function suggestMapping(table: SheetTable): ColumnMapping {
  const names = table.headers.map(normaliseHeading);
  const mapping = emptyMapping();
  const used = new Set<number>();
  for (const exact of [true, false]) {
    for (const field of MAPPED_FIELDS) {
      if (mapping.fields[field] !== undefined) continue;
      // Synonyms in order of preference, so "Job title" wins over an honorific "Title" column.
      let column = -1;
      for (const synonym of SYNONYMS[field]) {
        column = names.findIndex((name, i) => !used.has(i) && (exact ? name === synonym : containsWords(name, synonym)));
        if (column !== -1) break;
      }
      if (column !== -1) {
        mapping.fields[field] = column;
        used.add(column);
      }
    }
  }
  return refineByValues(table, mapping);
}

/** A manager column of email addresses is a Manager email column; an "ID" column of emails is not an ID. */
function refineByValues(table: SheetTable, mapping: ColumnMapping): ColumnMapping {
  const sample = table.rows.slice(0, SAMPLE_ROWS);
  const holdsEmails = (column: number) => sample.some((row) => holdsEmail(row.cells[column] ?? ''));
  const { managerEmployeeId, employeeId } = mapping.fields;
  if (managerEmployeeId !== undefined && holdsEmails(managerEmployeeId) && mapping.fields.managerEmail === undefined) {
    mapping.fields.managerEmail = managerEmployeeId;
    delete mapping.fields.managerEmployeeId;
  }
  if (employeeId !== undefined && holdsEmails(employeeId)) {
    if (mapping.fields.email === undefined) mapping.fields.email = employeeId;
    delete mapping.fields.employeeId;
  }
  return mapping;
}

function containsWords(name: string, synonym: string): boolean {
  // Single-word synonyms such as "id" or "pay" match only whole headings; longer ones may sit inside one.
  if (!synonym.includes(' ')) return false;
  return ` ${name} `.includes(` ${synonym} `);
}

/**
 * The previous ready dataset's mapping applied to this file's headings (trimmed, case-insensitive), when at
 * least two fields including the job title find their heading (Upload rules 3); else null.
 */
export function reusePreviousMapping(previous: ServerColumnMapping | null | undefined, headers: readonly string[]): ColumnMapping | null {
  if (!previous) return null;
  const columnOf = (heading: string) => {
    const wanted = heading.trim().toLowerCase();
    const index = headers.findIndex((h) => h.trim().toLowerCase() === wanted);
    return index === -1 ? undefined : index;
  };
  const mapping = emptyMapping();
  for (const [heading, field] of Object.entries(previous)) {
    const column = columnOf(heading);
    if (column === undefined) continue;
    if (field === 'grouping') {
      if (mapping.groupings.length < MAX_GROUPINGS) mapping.groupings.push(column);
    } else if ((MAPPED_FIELDS as readonly string[]).includes(field) && mapping.fields[field as MappedField] === undefined) {
      mapping.fields[field] = column;
    }
  }
  const matched = Object.keys(mapping.fields).length;
  return mapping.fields.title !== undefined && matched >= 2 ? mapping : null;
}

/**
 * The mapping to start from: the previous dataset's when it fits, with fields it lacks (such as each person's
 * own email, which the server does not record) filled from the suggestion; otherwise the suggestion.
 */
export function initialMapping(
  table: SheetTable,
  previous?: ServerColumnMapping | null,
  suggested: ColumnMapping = suggestMapping(table),
): { mapping: ColumnMapping; reused: boolean } {
  const reused = reusePreviousMapping(previous, table.headers);
  if (!reused) return { mapping: suggested, reused: false };
  // The server records a band ceiling and an hourly rate as salary, and weekly hours as FTE; where the
  // suggestion reads such a column as what it is, that reading wins over the recorded field.
  for (const field of ['salaryCeiling', 'hourlyRate', 'hours'] as const) {
    const column = suggested.fields[field];
    if (column === undefined) continue;
    for (const recorded of ['salary', 'fte'] as const) if (reused.fields[recorded] === column) delete reused.fields[recorded];
    reused.fields[field] ??= column;
  }
  const taken = new Set([...Object.values(reused.fields), ...reused.groupings]);
  for (const field of MAPPED_FIELDS) {
    const column = suggested.fields[field];
    if (reused.fields[field] === undefined && column !== undefined && !taken.has(column)) {
      reused.fields[field] = column;
      taken.add(column);
    }
  }
  if (suggested.reading) reused.reading = suggested.reading;
  return { mapping: reused, reused: true };
}

/** The recorded form: only mapped columns and ticked groupings, by heading; the person's own email is left out. */
export function toServerColumnMapping(headers: readonly string[], mapping: ColumnMapping): ServerColumnMapping {
  const recorded: ServerColumnMapping = {};
  for (const field of MAPPED_FIELDS) {
    const column = mapping.fields[field];
    if (column === undefined || field === 'email' || field === 'name' || field === 'payBasis') continue;
    recorded[columnLabel(headers, column)] = SERVER_FIELD[field] ?? (field as ServerField);
  }
  for (const column of mapping.groupings) recorded[groupingHeading(headers, column)] = 'grouping';
  return recorded;
}

/** A grouping's label in uploaded rows: its heading, trimmed. */
export function groupingHeading(headers: readonly string[], column: number): string {
  return normaliseText(headers[column] ?? '');
}

export type GroupingUnavailable = 'mapped' | 'blank-heading' | 'duplicate-heading' | 'personal-heading';

export interface GroupingChoice {
  column: number;
  label: string;
  /** Why the column cannot be ticked, or null when it can. */
  unavailable: GroupingUnavailable | null;
}

/**
 * Every column not mapped as a field is offered as a grouping; a blank heading, a heading that repeats an
 * earlier one (trimmed, case-insensitive) or a heading that looks like personal data cannot be ticked.
 */
export function groupingChoices(headers: readonly string[], mapping: ColumnMapping): GroupingChoice[] {
  const mappedColumns = new Set(Object.values(mapping.fields));
  const seen = new Set<string>();
  return headers.map((heading, column) => {
    const key = heading.trim().toLowerCase();
    let unavailable: GroupingUnavailable | null = null;
    if (mappedColumns.has(column)) unavailable = 'mapped';
    else if (key === '') unavailable = 'blank-heading';
    else if (seen.has(key)) unavailable = 'duplicate-heading';
    else if (headingLooksPersonal(heading)) unavailable = 'personal-heading';
    if (key !== '') seen.add(key);
    return { column, label: columnLabel(headers, column), unavailable };
  });
}
