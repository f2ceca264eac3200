/**
 * Columns compared by how many rows they fill. A heading can name the wrong column: Montgomery County's payroll
 * has both "Employee Position Title" (every row) and "Underfilled Job Title" (the few people holding a post
 * below its grade), and a heading match on "job title" took the second and left out nine people in ten. So
 * the job title and the salary are checked against the other columns that could feed them: one that reads
 * the same way and fills more rows (by more than 1% of them) is the better column.
 */
import { headingLooksPersonal } from '../guards/personalHeadings.ts';
import { holdsEmail } from '../../schema/text.ts';
import { normaliseHeading, type ColumnMapping, type MappedField } from './mapping.ts';
import type { SheetTable } from './table.ts';
import { parseSalary, readNumber } from './values.ts';

/** Headings of pay columns, and of pay that is not the base salary (overtime, totals, costs). */
export const PAY_WORDS = /\b(pay|salary|salaries|wage|wages|earnings|compensation|remuneration|payscale|rate|rt|band|scale)\b/;
export const NOT_BASE_PAY = /\b(overtime|ot|longevity|bonus|allowance|allowances|cost|costs|total|gross|other|ytd|paid|reports|benefit|benefits|pension)\b/;

/** More rows than this share left out or unpriced is worth a better column. */
export const SKIP_TOLERANCE = 0.01;
/** A column reads like job titles when at least this share of its different values name a role. */
const TITLE_SHARE = 0.5;
/** Values looked at per column: the different values of the first rows are enough to tell titles from the rest. */
const SAMPLE_VALUES = 500;
const MAX_TITLE_CHARACTERS = 100;

/** Words that name a job without an agent ending (-er, -or, -ist, -ian). */
const ROLE_WORDS = new Set([
  'assistant', 'accountant', 'attendant', 'consultant', 'servant', 'sergeant', 'lieutenant', 'agent', 'president', 'superintendent',
  'resident', 'student', 'clerk', 'analyst', 'specialist', 'secretary', 'aide', 'guard', 'nurse', 'chief', 'head', 'lead', 'executive',
  'associate', 'attorney', 'counsel', 'cook', 'chef', 'deputy', 'captain', 'trainee', 'intern', 'apprentice', 'fellow', 'representative',
  'paramedic', 'recruit', 'crew', 'staff', 'mechanic', 'architect', 'typist', 'midwife', 'surgeon', 'hygienist', 'steward', 'chair',
  'mayor', 'judge', 'magistrate', 'sheriff', 'constable', 'detective', 'coach', 'tutor', 'nanny', 'porter', 'cadet', 'marshal',
  'technologist', 'pilot', 'auditor', 'registrar', 'dietitian', 'dietician', 'therapist', 'psychologist', 'clinician', 'partner',
  'assessor', 'commissioner', 'ranger', 'warden', 'custodian', 'janitor', 'foreman', 'forewoman', 'officer', 'manager',
  'director', 'engineer', 'technician', 'administrator', 'coordinator', 'supervisor', 'adviser', 'advisor', 'inspector', 'investigator',
]);
/** Ends of nouns that name a person by what they do ("storekeeper", "machinist", "librarian", "foreman"). */
const AGENT_NOUN = /^\p{L}{3,}(?:er|or|ist|ian|eer|man|men|woman)s?$/u;
/** A value ending in one of these names a part of the organisation, not a job ("Police Department"). */
const UNIT_WORDS = new Set(['department', 'division', 'unit', 'bureau', 'agency', 'directorate', 'branch', 'section', 'office', 'group', 'team', 'services', 'service']);

/** True when the value reads like a job title: a short phrase of words with a role in it, not a unit or an amount. */
export function readsLikeTitle(value: string): boolean {
  const text = value.trim();
  if (text.length < 2 || text.length > MAX_TITLE_CHARACTERS || holdsEmail(text)) return false;
  const words = text.replace(/\([^)]*\)/g, ' ').toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length === 0 || UNIT_WORDS.has(words[words.length - 1]!)) return false;
  return words.some((word) => ROLE_WORDS.has(word) || AGENT_NOUN.test(word));
}

/** The share of a column's different values (among the first rows) that read like job titles. */
export function titleShare(table: SheetTable, column: number): number {
  const distinct = new Set<string>();
  for (const row of table.rows) {
    const value = (row.cells[column] ?? '').trim();
    if (value !== '') distinct.add(value);
    if (distinct.size >= SAMPLE_VALUES) break;
  }
  if (distinct.size === 0) return 0;
  let titles = 0;
  for (const value of distinct) if (readsLikeTitle(value)) titles += 1;
  return titles / distinct.size;
}

/** Rows with anything in them: the rows a mapping could upload. */
export function filledRows(table: SheetTable): number {
  return table.rows.reduce((n, row) => (row.cells.some((c) => c.trim() !== '') ? n + 1 : n), 0);
}

function filledIn(table: SheetTable, column: number, read: (value: string) => boolean = (v) => v !== ''): number {
  return table.rows.reduce((n, row) => (read((row.cells[column] ?? '').trim()) ? n + 1 : n), 0);
}

export interface BetterColumn {
  field: 'title' | 'salary';
  column: number;
  /** Rows the better column fills, and rows the mapped column fills (0 when none is mapped). */
  filled: number;
  currentFilled: number;
  rows: number;
}

/** Columns that may be offered for a field: not feeding another field and not personal data. */
function freeColumns(table: SheetTable, mapping: ColumnMapping, field: MappedField): number[] {
  const taken = new Set(Object.entries(mapping.fields).filter(([f]) => f !== field).map(([, c]) => c));
  return table.headers.map((_, c) => c).filter((c) => c !== mapping.fields[field] && !taken.has(c) && !headingLooksPersonal(table.headers[c] ?? ''));
}

/** The best of the columns that fill more rows than the mapped one by more than the tolerance, or null. */
function best(field: BetterColumn['field'], candidates: { column: number; filled: number }[], currentFilled: number, rows: number): BetterColumn | null {
  const margin = rows * SKIP_TOLERANCE;
  const better = candidates.filter((c) => c.filled - currentFilled > margin).sort((a, b) => b.filled - a.filled || a.column - b.column)[0];
  return better ? { field, column: better.column, filled: better.filled, currentFilled, rows } : null;
}

/**
 * A column that gives a job title to more rows than the mapped one (or than none), and reads like job titles;
 * null when the mapped column leaves no more than 1% of rows without a title or nothing does better.
 */
export function betterTitleColumn(table: SheetTable, mapping: ColumnMapping): BetterColumn | null {
  const rows = filledRows(table);
  const current = mapping.fields.title;
  const currentFilled = current === undefined ? 0 : filledIn(table, current);
  if (rows - currentFilled <= rows * SKIP_TOLERANCE) return null;
  const candidates = freeColumns(table, mapping, 'title')
    .filter((c) => titleShare(table, c) >= TITLE_SHARE)
    .map((column) => ({ column, filled: filledIn(table, column) }));
  return best('title', candidates, currentFilled, rows);
}

const yearlyAmount = (value: string) => {
  const amount = parseSalary(value) ?? readNumber(value);
  return amount !== null && amount >= 1000 && amount <= 2_000_000;
};

/**
 * A pay column of yearly amounts that prices more rows than the mapped salary column; null when the salary is a
 * band or an hourly rate (their own columns decide), when the mapped column prices all but 1% of rows, or when
 * no column does better.
 */
export function betterSalaryColumn(table: SheetTable, mapping: ColumnMapping): BetterColumn | null {
  const { fields } = mapping;
  if (fields.salaryCeiling !== undefined || fields.hourlyRate !== undefined || fields.payBasis !== undefined) return null;
  const rows = filledRows(table);
  const currentFilled = fields.salary === undefined ? 0 : filledIn(table, fields.salary, yearlyAmount);
  if (rows - currentFilled <= rows * SKIP_TOLERANCE) return null;
  const candidates = freeColumns(table, mapping, 'salary')
    .filter((c) => {
      const heading = normaliseHeading(table.headers[c] ?? '');
      return PAY_WORDS.test(heading) && !NOT_BASE_PAY.test(heading);
    })
    .map((column) => ({ column, filled: filledIn(table, column, yearlyAmount) }));
  return best('salary', candidates, currentFilled, rows);
}
