import type { ClassificationAlternative, ClassificationSource } from './classify.ts';
import { contextHeading, contextKey, contextValue, paySideOf, type ContextKind, type ListContext, type RowContext } from './context.ts';
import { formatCount, formatMoney } from '../format/figures.ts';

/**
 * A title's variants (issue 24): the readings of one exact title in the contexts of its rows (unit,
 * organisation, grade, professional group, pay band) when they do not all give the same codes. "Lieutenant"
 * in a fire department and in a police department are one title with two variants; each person is scored
 * by the variant of their own context. Pure: the server builds them, the browser and the server score with
 * them alike.
 */

/** The kinds of context an override may be limited to; pay bands are not named by the client, so pay is not one. */
export const SCOPE_KINDS = ['division', 'organisation', 'grade', 'group'] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];

/** The rows an override applies to: those whose context of one kind holds one of the values (compared as contextValue folds them). */
export interface OverrideScope {
  kind: ScopeKind;
  values: string[];
}

/** At most this many values make a scope; a variant spread over more is corrected everywhere. */
export const MAX_SCOPE_VALUES = 200;

/** What one context of a title reads as: the codes and how they were reached (the title-level fields of a variant). */
export interface TitleReading {
  source: ClassificationSource;
  usSoc2018: string | null;
  ukSoc2020: string;
  category: string;
  subcategory: string;
  confidence: number;
  reviewRequired: boolean;
  reason: string | null;
  alternatives: ClassificationAlternative[] | null;
  /** The parts of the context that changed the codes from the title's own reading (the deterministic coder only). */
  contextUsed?: ContextKind[];
  /** For an override: the rows it was set for, null for the title everywhere. */
  overrideScope?: OverrideScope | null;
}

export interface TitleVariant extends Omit<TitleReading, 'contextUsed'> {
  /** The context keys (contextKey) of the rows it covers. */
  contextKeys: string[];
  /** The context that tells it from the title's other variants, in words: "Unit: Fire Department (130)". */
  label: string;
  /** The kinds of context the label names. */
  splitBy: ContextKind[];
  /**
   * One kind of context whose values tell this variant's rows from every other variant's: what "correct only
   * this variant" sets an override for. null when no one kind does (a split by pay alone, or by several kinds
   * together): such a variant is corrected with the title everywhere.
   */
  scope: OverrideScope | null;
  headcount: number;
}

/** The rows of one title that share a context key, coded once. */
export interface ContextGroup {
  key: string;
  /** The shared context, its text folded by contextValue and its pay the group's median. */
  context: RowContext;
  headcount: number;
  /** The lowest and highest pay of the group's rows (0 when none has pay). */
  payFrom: number;
  payTo: number;
}

/** Groups a title's rows by context key, most people first (ties by key, so the order never depends on the rows' order). */
export function groupContexts(rows: readonly RowContext[], list: ListContext): ContextGroup[] {
  const byKey = new Map<string, { context: RowContext; salaries: number[]; headcount: number }>();
  for (const row of rows) {
    const key = contextKey(row, list);
    let entry = byKey.get(key);
    if (!entry) {
      const context = { division: contextValue(row.division), organisation: contextValue(row.organisation), grade: contextValue(row.grade), group: contextValue(row.group) };
      byKey.set(key, (entry = { context, salaries: [], headcount: 0 }));
    }
    entry.headcount += 1;
    if (row.salary && row.salary > 0) entry.salaries.push(row.salary);
  }
  return [...byKey]
    .map(([key, { context, salaries, headcount }]) => {
      salaries.sort((a, b) => a - b);
      const median = salaries.length ? salaries[Math.floor(salaries.length / 2)] : null;
      return { key, context: { ...context, salary: median }, headcount, payFrom: salaries[0] ?? 0, payTo: salaries.at(-1) ?? 0 };
    })
    .sort((a, b) => b.headcount - a.headcount || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** One value of a kind of context a title's rows hold ("Unit: DPW-Solid Waste (104)"), with the rows holding it. */
export interface ScopeChoice {
  value: string;
  headcount: number;
}

/**
 * Each kind of context a correction may be limited to, with the values a title's rows hold, most people first
 * (ties by value), at most MAX_SCOPE_VALUES: what "correct only in some units" offers, for a title whose
 * coding the unit decides ("Laborer" in a city's solid waste, parks and highways divisions) however its
 * contexts read. Values are folded as an override's scope compares them; rows without one are left out.
 */
export function scopeChoices(rows: readonly RowContext[]): Record<ScopeKind, ScopeChoice[]> {
  const choices = {} as Record<ScopeKind, ScopeChoice[]>;
  for (const kind of SCOPE_KINDS) {
    const counts = new Map<string, number>();
    for (const row of rows) {
      const value = contextValue(row[kind]);
      if (value !== '') counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    choices[kind] = [...counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .slice(0, MAX_SCOPE_VALUES)
      .map(([value, headcount]) => ({ value, headcount }));
  }
  return choices;
}

/** Whether an override's scope takes a row's context. */
export function scopeCovers(scope: OverrideScope, context: RowContext): boolean {
  const value = contextValue(context[scope.kind]);
  return value !== '' && scope.values.some((v) => contextValue(v) === value);
}

/** The key that tells two overrides of one title apart: '' everywhere, else the kind and its sorted folded values. */
export function scopeText(scope: OverrideScope | null | undefined): string {
  if (!scope) return '';
  return `${scope.kind}:${[...new Set(scope.values.map(contextValue))].sort().join('\u001f')}`;
}

/** A reading's codes and, for an override, its scope: readings alike in these make one variant. */
const variantKey = (r: TitleReading) => `${r.usSoc2018 ?? ''}|${r.ukSoc2020}|${r.source === 'override' ? `override:${scopeText(r.overrideScope)}` : ''}`;

interface Pending {
  readings: { group: ContextGroup; reading: TitleReading }[];
  headcount: number;
}

/**
 * One reading for the contexts that read a title alike: the first's codes and reason, and the confidence of the
 * coder's readings averaged over their people (a reading's confidence in context moves with each context's
 * grade and pay), in review when that average is below the threshold. Other sources hold in every context alike.
 */
export function pooledReading(entries: readonly { group: ContextGroup; reading: TitleReading }[], reviewThreshold: number): TitleReading {
  const { reading } = entries[0];
  if (reading.source !== 'rules' || entries.length === 1) return reading;
  const people = entries.reduce((sum, e) => sum + e.group.headcount, 0);
  const confidence = people > 0 ? Math.round((1000 * entries.reduce((sum, e) => sum + e.reading.confidence * e.group.headcount, 0)) / people) / 1000 : reading.confidence;
  return { ...reading, confidence, reviewRequired: confidence < reviewThreshold };
}

/**
 * The variants of a title from the reading of each of its context groups (readings[i] for groups[i]), or null
 * when every context gives the same codes. Each variant takes the reading of its largest group, its confidence pooled over its groups (pooledReading); most people first.
 */
export function buildVariants(groups: readonly ContextGroup[], readings: readonly TitleReading[], list: ListContext, reviewThreshold: number): TitleVariant[] | null {
  const byKey = new Map<string, Pending>();
  groups.forEach((group, i) => {
    const key = variantKey(readings[i]);
    let pending = byKey.get(key);
    if (!pending) byKey.set(key, (pending = { readings: [], headcount: 0 }));
    pending.readings.push({ group, reading: readings[i] });
    pending.headcount += group.headcount;
  });
  if (byKey.size < 2) return null;
  const all = [...byKey.values()].sort((a, b) => b.headcount - a.headcount);
  const usedByAny = kindsUsed(all.flatMap((p) => p.readings));
  return all.map((pending) => {
    const reading = pooledReading(pending.readings, reviewThreshold);
    const others = all.filter((p) => p !== pending).flatMap((p) => p.readings.map((r) => r.group));
    const mine = pending.readings.map((r) => r.group);
    const splitBy = splitKinds(pending, usedByAny, mine, others);
    const { contextUsed: _, ...fields } = reading;
    return {
      ...fields,
      contextKeys: mine.map((g) => g.key),
      label: splitBy.map((kind) => describe(kind, mine, list)).join('; '),
      splitBy,
      scope: reading.source === 'override' && reading.overrideScope ? reading.overrideScope : separatingScope(splitBy, mine, others),
      headcount: pending.headcount,
    };
  });
}

const CONTEXT_ORDER = ['group', 'division', 'organisation', 'grade', 'pay'] as const;

/** The kinds of context the coder used for these readings, most people first (then in the order it reads them). */
function kindsUsed(readings: readonly { group: ContextGroup; reading: TitleReading }[]): ContextKind[] {
  const people = new Map<ContextKind, number>();
  for (const { group, reading } of readings) for (const k of reading.contextUsed ?? []) people.set(k, (people.get(k) ?? 0) + group.headcount);
  return CONTEXT_ORDER.filter((k) => people.has(k)).sort((a, b) => people.get(b)! - people.get(a)!);
}

/**
 * What split a variant off, in at most two kinds of context: an override's own kind; else, of the kinds the
 * coder used for it (or for the other variants, when it is the title's own reading) that vary across the
 * title's rows, those whose values tell its rows from the others', else the one it used for most people;
 * else (a curated rule restricted to a division) the first kind that varies.
 */
function splitKinds(pending: Pending, usedByAny: ContextKind[], mine: ContextGroup[], others: ContextGroup[]): ContextKind[] {
  const { reading } = pending.readings[0];
  if (reading.source === 'override' && reading.overrideScope) return [reading.overrideScope.kind];
  const all = [...mine, ...others];
  const own = kindsUsed(pending.readings);
  let candidates = (own.length ? own : usedByAny).filter((k) => varies(k, all));
  if (candidates.length === 0) candidates = CONTEXT_ORDER.filter((k) => varies(k, all));
  const separating = candidates.filter((k) => disjoint(valuesOf(mine, k), valuesOf(others, k)));
  return separating.length ? separating.slice(0, 2) : candidates.slice(0, 1);
}

const valueOf = (group: ContextGroup, kind: ContextKind) => (kind === 'pay' ? String(group.key.split('\u001f').at(-1)) : contextValue(group.context[kind]));

function valuesOf(groups: readonly ContextGroup[], kind: ContextKind): Set<string> {
  return new Set(groups.map((g) => valueOf(g, kind)));
}

const disjoint = (a: Set<string>, b: Set<string>) => [...a].every((v) => !b.has(v));
const varies = (kind: ContextKind, groups: readonly ContextGroup[]) => valuesOf(groups, kind).size > 1;

/** One kind of context (not pay) whose values hold all of this variant's rows and none of the others'. */
function separatingScope(splitBy: readonly ContextKind[], mine: ContextGroup[], others: ContextGroup[]): OverrideScope | null {
  const order = [...splitBy.filter((k): k is ScopeKind => k !== 'pay'), ...SCOPE_KINDS.filter((k) => !splitBy.includes(k))];
  for (const kind of order) {
    const values = valuesOf(mine, kind);
    if (values.has('') || values.size > MAX_SCOPE_VALUES || !disjoint(values, valuesOf(others, kind))) continue;
    return { kind, values: [...values].sort() };
  }
  return null;
}

/** "Unit: Fire Department (130)", "Grade: SCS1 and 2 more", "Pay: £41,000 to £52,000". */
function describe(kind: ContextKind, groups: readonly ContextGroup[], list: ListContext): string {
  if (kind === 'pay') {
    const paid = groups.filter((g) => g.payFrom > 0);
    if (paid.length === 0) return `${contextHeading('pay')}: not given`;
    const from = Math.min(...paid.map((g) => g.payFrom));
    const to = Math.max(...paid.map((g) => g.payTo));
    return `${contextHeading('pay')}: ${from === to ? money(from, list) : `${money(from, list)} to ${money(to, list)}`}`;
  }
  const counts = new Map<string, number>();
  for (const g of groups) counts.set(valueOf(g, kind), (counts.get(valueOf(g, kind)) ?? 0) + g.headcount);
  const [top] = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
  const more = counts.size - 1;
  return `${contextHeading(kind)}: ${top === '' ? 'not given' : top}${more > 0 ? ` and ${more} more` : ''}`;
}

/** Pay as the rest of the product shows it: in the list's currency when it is one pay is read in, else a plain number. */
function money(amount: number, list: ListContext): string {
  const rounded = Math.round(amount);
  return list.currency && paySideOf(list.currency) !== null ? formatMoney(rounded, list.currency) : formatCount(rounded);
}
