/**
 * Hand-labelled real staff-list rows WITH their context (bench/data/staff-rows-labelled.csv, described in
 * bench/data/STAFF-ROWS.md): loading them, reading the lists they come from (each list's pay level is measured
 * over the whole list, as the product does), and scoring a coder against them with and without the context.
 */
import fs from 'node:fs';
import path from 'node:path';
import { classifyByRules, classifyInContext, listPayScale, type Classification } from '../workers/classify/classify.ts';
import { listStructure, type ListContext, type RowContext } from '../workers/classify/context.ts';
import type { CompiledReference } from '../workers/reference/compile.ts';
import { csvRecords } from '../scripts/build-reference/policy/csv.ts';
import type { LabelledStaffTitle } from './staffTitles.ts';

export const STAFF_ROWS_PATH = path.join(import.meta.dirname, 'data', 'staff-rows-labelled.csv');
const STAFF_LISTS = process.env.STAFF_LISTS_DIR ?? path.resolve(import.meta.dirname, '../../shared/data/staff-lists');

export type StaffList = 'ea' | 'dft' | 'baltimore';

/** A labelled title (bench/staffTitles.ts's labels) with the row's context, its list and its headcount. */
export interface LabelledStaffRow extends Omit<LabelledStaffTitle, 'source'> {
  set: 'eval' | 'dev';
  source: string;
  list: StaffList;
  context: RowContext;
  headcount: number;
  /** The labeller coded the row otherwise than its title alone. */
  contextDecides: boolean;
}

const table = (file: string) => {
  const [head, ...rows] = csvRecords(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  return rows.filter((r) => r.length > 1).map((r) => Object.fromEntries(head.map((h, i) => [h, r[i] ?? ''])));
};
const amount = (s: string | undefined) => {
  const n = Number((s ?? '').replace(/[£$,]/g, ''));
  return Number.isFinite(n) && n > 0 ? n : null;
};
const codes = (s: string) => s.split(';').map((c) => c.trim()).filter(Boolean);

export function listOf(source: string): StaffList {
  if (source.startsWith('ea-')) return 'ea';
  if (source.startsWith('dft-')) return 'dft';
  if (source === 'baltimore') return 'baltimore';
  throw new Error(`unknown staff-row source ${source}`);
}

export function loadStaffRows(file = STAFF_ROWS_PATH): LabelledStaffRow[] {
  return table(file).map((r) => ({
    set: r.set === 'eval' ? 'eval' : 'dev',
    source: r.source,
    list: listOf(r.source),
    title: r.title,
    context: { division: r.division || null, organisation: r.organisation || null, grade: r.grade || null, group: r.group || null, salary: amount(r.salary) },
    headcount: Number(r.headcount) || 1,
    usSoc2018: r.us_soc2018,
    ukSoc2020: r.uk_soc2020,
    kind: r.kind === 'not-a-title' ? 'not-a-title' : 'title',
    certainty: r.certainty === 'sure' ? 'sure' : 'doubtful',
    altUs: codes(r.alt_us),
    altUk: codes(r.alt_uk),
    contextDecides: r.context_decides === 'yes',
    note: r.note,
  }));
}

const mid = (a: string, b: string) => {
  const x = amount(a);
  const y = amount(b);
  return x !== null && y !== null ? (x + y) / 2 : null;
};

/** Every person of a source list as (title, grade, annual pay), the import's reading of pay bands (their midpoint). */
function listPeople(list: StaffList): { title: string; division: string | null; grade: string | null; salary: number | null }[] {
  const organogram = (body: string) => [
    ...table(path.join(STAFF_LISTS, `uk-organogram-${body}-2011-09-30-senior.csv`)).map((r) => ({ title: r['Job Title'], division: r['Unit'] || null, grade: r['Grade (or equivalent)'] || null, salary: mid(r['Actual Pay Floor (£)'], r['Actual Pay Ceiling (£)']) })),
    ...table(path.join(STAFF_LISTS, `uk-organogram-${body}-2011-09-30-junior.csv`)).map((r) => ({ title: r['Generic Job Title'], division: r['Unit'] || null, grade: r['Grade'] || null, salary: mid(r['Payscale Minimum (£)'], r['Payscale Maximum (£)']) })),
  ];
  if (list === 'ea') return organogram('environment_agency');
  if (list === 'dft') return organogram('department_for_transport');
  return table(path.join(STAFF_LISTS, 'us-payroll-baltimore-city-fy2019.csv')).map((r) => ({ title: r['JOBTITLE'], division: r['DESCR'] || null, grade: null, salary: amount(r['ANNUAL_RT']) }));
}

/** Each list's coding context as the product would measure it: its currency and its pay level. */
export function listContexts(compiled: CompiledReference): Record<StaffList, ListContext> {
  const of = (list: StaffList, currency: string): ListContext => {
    const people = listPeople(list);
    return { currency, payScale: listPayScale(compiled, people, currency), ...listStructure(people) };
  };
  return { ea: of('ea', 'GBP'), dft: of('dft', 'GBP'), baltimore: of('baltimore', 'USD') };
}

export interface RowTally {
  rows: number;
  usMajor: number;
  us6: number;
  ukMajor: number;
  uk4: number;
  /** Lenient US major group: the label's alternatives count as right too. */
  usMajorLenient: number;
  outside: number;
  outsideRight: number;
  people: number;
  peopleRight: number;
  peopleOutside: number;
  peopleOutsideRight: number;
}

const emptyTally = (): RowTally => ({ rows: 0, usMajor: 0, us6: 0, ukMajor: 0, uk4: 0, usMajorLenient: 0, outside: 0, outsideRight: 0, people: 0, peopleRight: 0, peopleOutside: 0, peopleOutsideRight: 0 });

export function tally(rows: readonly LabelledStaffRow[], coded: readonly Classification[], reviewThreshold: number): RowTally {
  const t = emptyTally();
  rows.forEach((r, i) => {
    const c = coded[i];
    const us = c.usSoc2018 ?? '';
    const uk = c.ukSoc2020 ?? '';
    const usMajorRight = us.slice(0, 2) === r.usSoc2018.slice(0, 2);
    const outside = c.confidence >= reviewThreshold;
    t.rows++;
    t.usMajor += +usMajorRight;
    t.us6 += +(us === r.usSoc2018);
    t.ukMajor += +(uk[0] === r.ukSoc2020[0]);
    t.uk4 += +(uk === r.ukSoc2020);
    t.usMajorLenient += +[r.usSoc2018, ...r.altUs].some((g) => g.slice(0, 2) === us.slice(0, 2));
    t.outside += +outside;
    t.outsideRight += +(outside && usMajorRight);
    t.people += r.headcount;
    t.peopleRight += usMajorRight ? r.headcount : 0;
    t.peopleOutside += outside ? r.headcount : 0;
    t.peopleOutsideRight += outside && usMajorRight ? r.headcount : 0;
  });
  return t;
}

/** Codes every row twice: from its title alone, and in its context. */
export function codeStaffRows(compiled: CompiledReference, rows: readonly LabelledStaffRow[], lists = listContexts(compiled)) {
  return {
    titleOnly: rows.map((r) => classifyByRules(compiled, r.title, r.context.division)),
    inContext: rows.map((r) => classifyInContext(compiled, r.title, r.context, lists[r.list])),
  };
}
