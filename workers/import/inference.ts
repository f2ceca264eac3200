/**
 * The mapping suggested from the data as well as the headings. Headings in real lists vary without end, so
 * the values decide where they can: the Employee ID is the column the manager column's values point to
 * (the overlap is measured), pay columns are told apart by their amounts (a band's floor and ceiling, an
 * hourly rate), FTE by its values (fractions, full/part-time words, hours, posts in FTE). Every suggestion
 * carries the reason it was made, in words for the consultant.
 */
import { headingLooksPersonal } from '../guards/personalHeadings.ts';
import { groupingIdentifiesPeople, groupingValueProblem, mostlyPersonNames } from '../guards/personalValues.ts';
import { holdsEmail } from '../../schema/text.ts';
import { betterTitleColumn, NOT_BASE_PAY, PAY_WORDS, type BetterColumn } from './columnFill.ts';
import { recogniseLayout, type Layout } from './layouts.ts';
import { isPlace } from './places.ts';
import { DEFAULT_READING, FIELD_LABELS, MAX_GROUPINGS, normaliseHeading, suggestMapping, type ColumnMapping, type MappedField, type ValueReading } from './mapping.ts';
import { columnLabel, type SheetTable } from './table.ts';
import { parseSalary, readNumber, readWorkPattern } from './values.ts';

export interface Suggestion {
  mapping: ColumnMapping;
  /** Why each mapped field got its column. */
  reasons: Partial<Record<MappedField, string>>;
  /** Why each pre-ticked grouping was ticked, by column. */
  groupingReasons: Record<number, string>;
  layout: Layout | null;
}

/** Rows looked at: enough to measure overlaps, bounded so a 100,000-row sheet stays quick. */
const SAMPLE_ROWS = 20_000;
/** Manager values that mark the top of the tree rather than name a manager. */
const ROOT_MARKER = /^(xx|x|none|n\/?a|-+|0|top|null|nil|self)$/i;
/** How many groupings are ticked for the consultant; they can tick up to MAX_GROUPINGS. */
const SUGGESTED_GROUPINGS = 3;

export function isRootMarker(value: string): boolean {
  return ROOT_MARKER.test(value.trim());
}

/** A column's non-blank values (of the first SAMPLE_ROWS rows): all that matching IDs needs. */
interface ColumnValues {
  values: string[];
  distinct: Set<string>;
}

interface Profile extends ColumnValues {
  heading: string;
  label: string;
  /** Amounts read from the values (currency signs and separators allowed), and their share of the values. */
  amounts: number[];
  amountShare: number;
  median: number;
}

const pct = (share: number) => `${Math.round(share * 100)}%`;
const money = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: n < 1000 ? 2 : 0 });

function columnValues(table: SheetTable, column: number): ColumnValues {
  const values: string[] = [];
  for (const row of table.rows.slice(0, SAMPLE_ROWS)) {
    const value = (row.cells[column] ?? '').trim();
    if (value !== '') values.push(value);
  }
  return { values, distinct: new Set(values) };
}

function profile(table: SheetTable, column: number): Profile {
  const { values, distinct } = columnValues(table, column);
  const amounts: number[] = [];
  for (const value of values) {
    const amount = parseSalary(value) ?? readNumber(value);
    if (amount !== null) amounts.push(amount);
  }
  const sorted = [...amounts].sort((a, b) => a - b);
  return {
    heading: normaliseHeading(table.headers[column] ?? ''),
    label: `“${columnLabel(table.headers, column)}”`,
    values,
    distinct,
    amounts,
    amountShare: values.length === 0 ? 0 : amounts.length / values.length,
    median: sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)]!,
  };
}

/** Share of a manager column's references (top-of-tree markers left out) found among another column's values. */
export function referenceOverlap(managerValues: readonly string[], idValues: ReadonlySet<string>): { share: number; references: number } {
  let references = 0;
  let found = 0;
  for (const value of managerValues) {
    if (isRootMarker(value)) continue;
    references += 1;
    if (idValues.has(value)) found += 1;
  }
  return { share: references === 0 ? 0 : found / references, references };
}

/**
 * The column the manager column's values point to most, with the share that do. Without profiles (the pre-upload
 * checks) only the columns' values are read: parsing every value as an amount took most of the time on a large sheet.
 */
export function bestIdColumn(
  table: SheetTable,
  managerColumn: number,
  profiles: readonly ColumnValues[] = table.headers.map((_, column) => columnValues(table, column)),
): { column: number; share: number } | null {
  const manager = profiles[managerColumn]!;
  let best: { column: number; share: number } | null = null;
  profiles.forEach((p, column) => {
    if (column === managerColumn || !canBeId(p)) return;
    const { share } = referenceOverlap(manager.values, p.distinct);
    if (share > 0 && (!best || share > best.share)) best = { column, share };
  });
  return best;
}

function profilesOf(table: SheetTable): Profile[] {
  return table.headers.map((_, column) => profile(table, column));
}

/** Whether a column's values are personal data: any email address, or mostly people's names (a glance at the first rows). */
function holdsPersonalValues(p: ColumnValues): boolean {
  return p.values.slice(0, 200).some(holdsEmail) || mostlyPersonNames(p.values.slice(0, 500));
}

/** A column that could hold one ID per person: nearly unique, never emails, not mostly names. */
function canBeId(p: ColumnValues): boolean {
  if (p.values.length === 0 || p.distinct.size < p.values.length * 0.9) return false;
  return !holdsPersonalValues(p);
}

const FLOOR_WORDS = /\b(floor|minimum|min|lower|from|bottom|start|low)\b/;
const CEILING_WORDS = /\b(ceiling|maximum|max|upper|to|top|end|high)\b/;
const DIVISION_WORDS = /^(division|department|dept|department name|business unit|directorate|function|business area|agency|agency name)$/;
const GROUPING_WORDS = /\b(grade|grades|band|unit|department|dept|directorate|division|function|team|group|agency|profession|occupational|business area|cost centre|cost center|level)\b/;

export function suggestFromData(table: SheetTable): Suggestion {
  const profiles = profilesOf(table);
  const base = suggestMapping(table);
  const fields: Partial<Record<MappedField, number>> = { ...base.fields };
  const reasons: Partial<Record<MappedField, string>> = {};
  for (const [field, column] of Object.entries(fields) as [MappedField, number][]) {
    reasons[field] = `The heading ${profiles[column]!.label} names the ${FIELD_LABELS[field]}.`;
  }
  const assign = (field: MappedField, column: number, reason: string) => {
    for (const [other, c] of Object.entries(fields) as [MappedField, number][]) {
      if (c === column && other !== field) {
        delete fields[other];
        delete reasons[other];
      }
    }
    fields[field] = column;
    reasons[field] = reason;
  };
  const unassign = (field: MappedField) => {
    delete fields[field];
    delete reasons[field];
  };
  const isFree = (column: number) => !Object.values(fields).includes(column);
  const reading: ValueReading = { ...DEFAULT_READING };

  const plan = recogniseLayout(profiles.map((p) => p.heading));
  if (plan) {
    for (const [field, headings] of Object.entries(plan.fields) as [MappedField, string[]][]) {
      const column = headings.map((h) => profiles.findIndex((p) => p.heading === h)).find((c) => c !== -1);
      if (column !== undefined) assign(field, column, `${plan.layout.name}: ${profiles[column]!.label} is the ${FIELD_LABELS[field]}.`);
    }
    Object.assign(reading, plan.reading);
  }

  // An ID column chosen by its heading must hold one value per person.
  if (fields.employeeId !== undefined && !canBeId(profiles[fields.employeeId]!)) unassign('employeeId');

  // Reporting lines: the Employee ID is the column the manager column points to.
  if (fields.managerEmployeeId !== undefined) {
    const manager = profiles[fields.managerEmployeeId]!;
    const best = bestIdColumn(table, fields.managerEmployeeId, profiles);
    const current = fields.employeeId === undefined ? null : referenceOverlap(manager.values, profiles[fields.employeeId]!.distinct).share;
    if (best && best.share >= 0.5 && (current === null || best.share > current + 0.05)) {
      assign('employeeId', best.column, `${pct(best.share)} of ${manager.label} values are in this column.`);
    } else if (current !== null) {
      reasons.employeeId = `${reasons.employeeId ?? ''} ${pct(current)} of ${manager.label} values are in this column.`.trim();
    }
  } else if (fields.managerEmail === undefined) {
    const pair = bestReportingPair(profiles, fields);
    if (pair) {
      assign('managerEmployeeId', pair.manager, `Its values name people in ${profiles[pair.id]!.label} (${pct(pair.share)} of them).`);
      assign('employeeId', pair.id, `${pct(pair.share)} of ${profiles[pair.manager]!.label} values are in this column.`);
    }
  }

  suggestPay(profiles, fields, reasons, assign, isFree);
  suggestHoursAndFte(profiles, fields, reading, assign, isFree, unassign);
  if (plan?.layout.id !== 'us-payroll' && fields.hours !== undefined && Math.abs(profiles[fields.hours]!.median - 40) < 0.01) reading.fullTimeHours = 40;

  // The title column that gives most rows a title, over a heading that names a mostly empty one.
  const betterTitle = betterTitleColumn(table, { fields, groupings: [] });
  if (betterTitle) {
    const current = fields.title === undefined ? null : profiles[fields.title]!.label;
    assign('title', betterTitle.column, betterColumnReason(betterTitle, profiles[betterTitle.column]!.label, current));
  } else if (fields.title === undefined) {
    const title = mostVariedText(profiles, isFree);
    if (title !== -1) assign('title', title, `${profiles[title]!.label} is the most varied column of words (${profiles[title]!.distinct.size.toLocaleString('en-GB')} different values).`);
  }
  suggestDivision(profiles, fields, assign, unassign, table.rows.length);
  if (fields.location === undefined) {
    const placeShare = (p: Profile) => (p.values.length === 0 ? 0 : p.values.filter(isPlace).length / p.values.length);
    const column = profiles.findIndex((p, i) => isFree(i) && p.distinct.size >= 2 && placeShare(p) >= 0.7 && !headingLooksPersonal(p.heading));
    if (column !== -1) {
      const examples = [...profiles[column]!.distinct].filter(isPlace).slice(0, 3).join(', ');
      assign('location', column, `${pct(placeShare(profiles[column]!))} of its values are places (${examples}…).`);
    }
  }

  // A person's own email serves only to resolve manager emails; without those it is left out.
  if (fields.managerEmail === undefined) unassign('email');

  const groupingReasons: Record<number, string> = {};
  const groupings: number[] = [];
  profiles.forEach((p, column) => {
    if (!isFree(column) || !GROUPING_WORDS.test(p.heading)) return;
    if (headingLooksPersonal(table.headers[column]!) || p.distinct.size < 2) return;
    const values = p.distinct.size.toLocaleString('en-GB');
    if (groupingIdentifiesPeople(p.distinct.size, table.rows.length)) {
      groupingReasons[column] = `A grouping heading, not ticked: ${values} different values for ${table.rows.length.toLocaleString('en-GB')} rows would single people out.`;
    } else if (p.values.some((v) => groupingValueProblem(v) !== null)) {
      groupingReasons[column] = 'A grouping heading, not ticked: some values are over 120 characters or hold an @.';
    } else if (groupings.length < SUGGESTED_GROUPINGS) {
      groupings.push(column);
      groupingReasons[column] = `A grouping heading with ${values} values, few enough not to single people out.`;
    }
  });

  return { mapping: { fields, groupings: groupings.slice(0, MAX_GROUPINGS), reading }, reasons, groupingReasons, layout: plan?.layout ?? null };
}

const share = (n: number, of: number) => `${n.toLocaleString('en-GB')} of ${of.toLocaleString('en-GB')} rows (${pct(n / of)})`;

/** Why a column that fills more rows was chosen over the one a heading named (or over none). */
export function betterColumnReason(better: BetterColumn, label: string, currentLabel: string | null): string {
  const what = better.field === 'title' ? 'a job title' : 'a yearly salary';
  const fills = `${label} gives ${what} to ${share(better.filled, better.rows)}`;
  return currentLabel === null ? `${fills}.` : `${fills}; ${currentLabel} to only ${share(better.currentFilled, better.rows)}.`;
}

/** Words by which a value names a unit of an organisation ("Police Department (390)", "Sheriff's Office"). */
const UNIT_VALUE_WORDS = /\b(department|dept|office|division|bureau|agency|board|commission|council|court|services?|authority|directorate|unit|ministry|library|team|section|branch)\b/i;
/** A column whose values name units this often (of its rows) is read as the division when no heading names one. */
const UNIT_VALUE_SHARE = 0.4;

/**
 * Of the columns whose heading names a division, the coarsest that still splits people (the fewest values, at
 * least two): title rules read a department better than a team. A single value says nothing (an organogram's
 * Organisation column). With no such heading, the free column of words whose values most often name units of
 * an organisation, at least UNIT_VALUE_SHARE of its rows, and few enough values to group people: a payroll's
 * "DESCR" column ("Police Department (390)", "DPW-Solid Waste (104)") is its department, which the coder reads
 * beside each title.
 */
function suggestDivision(
  profiles: Profile[],
  fields: Partial<Record<MappedField, number>>,
  assign: Assign,
  unassign: (field: MappedField) => void,
  rows: number,
): void {
  const named = profiles
    .map((p, i) => ({ p, i }))
    .filter(({ p, i }) => (i === fields.division || !Object.values(fields).includes(i)) && DIVISION_WORDS.test(p.heading) && p.distinct.size >= 2);
  if (named.length === 0) {
    if (fields.division !== undefined && profiles[fields.division]!.distinct.size < 2 && rows > 1) unassign('division');
    if (fields.division === undefined) suggestDivisionByValues(profiles, fields, assign, rows);
    return;
  }
  // On a tie, names read better than codes (“Department of Police” over “POL”).
  const meanLength = (p: Profile) => [...p.distinct].reduce((n, v) => n + v.length, 0) / p.distinct.size;
  const coarsest = named.reduce((a, b) =>
    b.p.distinct.size < a.p.distinct.size || (b.p.distinct.size === a.p.distinct.size && meanLength(b.p) > meanLength(a.p)) ? b : a,
  );
  if (coarsest.i !== fields.division) {
    assign('division', coarsest.i, `The coarsest grouping heading (${coarsest.p.distinct.size.toLocaleString('en-GB')} values) names a division or department.`);
  }
}

function suggestDivisionByValues(profiles: Profile[], fields: Partial<Record<MappedField, number>>, assign: Assign, rows: number): void {
  const taken = new Set(Object.values(fields));
  // A unit holds several people: a column with a value for nearly every row is no grouping (a note, an ID).
  const mostValues = Math.max(50, rows * 0.2);
  let best: { column: number; share: number } | null = null;
  for (const [column, p] of profiles.entries()) {
    if (taken.has(column) || p.values.length === 0 || p.distinct.size < 2 || p.distinct.size > mostValues || p.amountShare >= 0.5) continue;
    if (headingLooksPersonal(p.heading) || holdsPersonalValues(p)) continue;
    const share = p.values.filter((v) => UNIT_VALUE_WORDS.test(v)).length / p.values.length;
    if (share >= UNIT_VALUE_SHARE && (!best || share > best.share)) best = { column, share };
  }
  if (!best) return;
  const examples = [...profiles[best.column]!.distinct].filter((v) => UNIT_VALUE_WORDS.test(v)).slice(0, 2).map((v) => `“${v}”`).join(', ');
  assign('division', best.column, `${pct(best.share)} of ${profiles[best.column]!.label} values name a unit of an organisation (${examples}…).`);
}

/** With no manager heading: the pair of columns where one column's values name the other's rows. */
function bestReportingPair(profiles: Profile[], fields: Partial<Record<MappedField, number>>) {
  const taken = new Set([fields.title, fields.salary, fields.fte, fields.division, fields.location].filter((c) => c !== undefined));
  const ids = profiles.map((p, i) => ({ p, i })).filter(({ p }) => canBeId(p));
  let best: { manager: number; id: number; share: number } | null = null;
  profiles.forEach((manager, m) => {
    if (taken.has(m) || manager.values.length === 0 || manager.distinct.size < 2) return;
    // A manager column repeats (managers have several reports) and does not hold emails or names.
    if (manager.distinct.size >= manager.values.length * 0.9 || manager.values.slice(0, 200).some(holdsEmail)) return;
    ids.forEach(({ p: id, i }) => {
      if (i === m) return;
      const { share, references } = referenceOverlap(manager.values, id.distinct);
      if (references >= manager.values.length * 0.5 && share >= 0.6 && (!best || share > best.share)) best = { manager: m, id: i, share };
    });
  });
  return best as { manager: number; id: number; share: number } | null;
}

type Assign = (field: MappedField, column: number, reason: string) => void;

function suggestPay(
  profiles: Profile[],
  fields: Partial<Record<MappedField, number>>,
  reasons: Partial<Record<MappedField, string>>,
  assign: Assign,
  isFree: (column: number) => boolean,
): void {
  const amountColumn = (p: Profile) => p.values.length > 0 && p.amountShare >= 0.8;
  // A band: a floor and a ceiling column with the same heading otherwise.
  if (fields.salaryCeiling === undefined) {
    const stem = (h: string, words: RegExp) => h.replace(new RegExp(words.source, 'g'), ' ').replace(/\s+/g, ' ').trim();
    for (const [f, floor] of profiles.entries()) {
      if (!amountColumn(floor) || !PAY_WORDS.test(floor.heading) || !FLOOR_WORDS.test(floor.heading)) continue;
      const c = profiles.findIndex((p, i) => i !== f && amountColumn(p) && CEILING_WORDS.test(p.heading) && stem(p.heading, CEILING_WORDS) === stem(floor.heading, FLOOR_WORDS));
      if (c === -1 || (!isFree(f) && fields.salary !== f) || !isFree(c)) continue;
      assign('salary', f, `Pay band floor; with ceiling ${profiles[c]!.label}, the salary is the midpoint of the band.`);
      assign('salaryCeiling', c, `Pay band ceiling for ${floor.label}; the salary is the midpoint of the band.`);
      break;
    }
  } else if (fields.salary !== undefined) {
    reasons.salary = `${reasons.salary ?? ''} The salary is the midpoint of this floor and the ceiling ${profiles[fields.salaryCeiling]!.label}.`.trim();
  }

  // An hourly rate: a pay heading saying hour, with amounts of an hour's pay.
  if (fields.hourlyRate === undefined) {
    const h = profiles.findIndex((p, i) => isFree(i) && amountColumn(p) && /\bhour|hourly\b/.test(p.heading) && PAY_WORDS.test(p.heading) && p.median > 0 && p.median < 500);
    if (h !== -1) assign('hourlyRate', h, `Hourly amounts (median ${money(profiles[h]!.median)}); annualised as rate × weekly hours × 52.`);
  }
  // A salary heading whose amounts are an hour's pay is an hourly rate.
  if (fields.salary !== undefined && fields.salaryCeiling === undefined && fields.hourlyRate === undefined) {
    const p = profiles[fields.salary]!;
    if (amountColumn(p) && p.median > 0 && p.median < 300 && fields.payBasis === undefined) {
      const column = fields.salary;
      delete fields.salary;
      assign('hourlyRate', column, `${p.label} holds hourly amounts (median ${money(p.median)}); annualised as rate × weekly hours × 52.`);
    }
  }
  // Otherwise the pay column with yearly amounts, base pay before gross or other pay.
  if (fields.salary === undefined) {
    const candidates = profiles
      .map((p, i) => ({ p, i }))
      .filter(({ p, i }) => isFree(i) && amountColumn(p) && PAY_WORDS.test(p.heading) && !NOT_BASE_PAY.test(p.heading) && p.median >= 3000 && p.median <= 2_000_000);
    const chosen = candidates[0];
    if (chosen) {
      const sorted = [...chosen.p.amounts].sort((a, b) => a - b);
      assign('salary', chosen.i, `Yearly amounts from ${money(sorted[0]!)} to ${money(sorted[sorted.length - 1]!)} (median ${money(chosen.p.median)}).`);
    }
  } else if (fields.salaryCeiling === undefined && reasons.salary && !reasons.salary.includes('edian') && amountColumn(profiles[fields.salary]!)) {
    reasons.salary += ` Median ${money(profiles[fields.salary]!.median)}.`;
  }
}

function suggestHoursAndFte(
  profiles: Profile[],
  fields: Partial<Record<MappedField, number>>,
  reading: ValueReading,
  assign: Assign,
  isFree: (column: number) => boolean,
  unassign: (field: MappedField) => void,
): void {
  const wordsReason = (p: Profile) =>
    `${p.label} holds full-time and part-time words: full time counts as 1 FTE, part time as the weekly hours ÷ the full-time week (0.5 when no hours are given).`;
  const wordShare = (p: Profile) => (p.values.length === 0 ? 0 : p.values.filter((v) => readWorkPattern(v) !== null).length / p.values.length);
  const weeklyHours = (p: Profile) => p.values.length > 0 && p.amountShare >= 0.8 && p.median > 1 && p.median <= 80;

  if (fields.hours === undefined) {
    const h = profiles.findIndex((p, i) => isFree(i) && /\bhours?\b/.test(p.heading) && !/\b(overtime|ot|annual|year|paid)\b/.test(p.heading) && weeklyHours(p));
    if (h !== -1) assign('hours', h, `Weekly hours (median ${money(profiles[h]!.median)}); FTE is hours ÷ the full-time week.`);
  } else if (!weeklyHours(profiles[fields.hours]!)) {
    unassign('hours');
  }

  if (fields.fte !== undefined) {
    const p = profiles[fields.fte]!;
    if (wordShare(p) >= 0.8) {
      reading.fte = 'words';
      assign('fte', fields.fte, wordsReason(p));
    } else if (reading.fte === 'posts' || (/\bposts?\b/.test(p.heading) && p.amounts.some((a) => a > 1))) {
      reading.fte = 'posts';
    } else if (p.amountShare >= 0.8 && p.median > 1.5 && p.median <= 80 && fields.hours === undefined) {
      assign('hours', fields.fte, `${p.label} holds hours (median ${money(p.median)}), read as weekly hours; FTE is hours ÷ the full-time week.`);
    }
  } else {
    const w = profiles.findIndex((p, i) => isFree(i) && wordShare(p) >= 0.8);
    if (w !== -1) {
      reading.fte = 'words';
      assign('fte', w, wordsReason(profiles[w]!));
    }
  }
}

function mostVariedText(profiles: Profile[], isFree: (column: number) => boolean): number {
  let best = -1;
  profiles.forEach((p, i) => {
    if (!isFree(i) || p.values.length === 0 || p.amountShare > 0.2 || headingLooksPersonal(p.heading)) return;
    if (holdsPersonalValues(p)) return;
    if (!p.values.slice(0, 50).every((v) => /\p{L}{3}/u.test(v))) return;
    if (best === -1 || p.distinct.size > profiles[best]!.distinct.size) best = i;
  });
  return best;
}
