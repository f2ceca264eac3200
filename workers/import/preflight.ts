/**
 * Checks before upload, on the rows exactly as they would be uploaded: how many manager references resolve,
 * the tops of the tree and loops, duplicate IDs, salaries missing or implausible, FTE values not understood.
 * A problem the consultant should act on is a warning; where the data shows the likely fix (another column
 * as the Employee ID), the warning carries the changed mapping so one click applies it.
 */
import type { CompiledReference } from '../reference/compile.ts';
import { spansAndLayers } from '../scoring/org.ts';
import { bestIdColumn } from './inference.ts';
import { FIELD_LABELS, type ColumnMapping } from './mapping.ts';
import type { ImportPart, ImportStats, UploadRow } from './rows.ts';
import { columnLabel } from './table.ts';

export interface CheckFix {
  label: string;
  /** Which file of the import the changed mapping is for (0 the first). */
  part: number;
  mapping: ColumnMapping;
}

export interface CheckWarning {
  message: string;
  fix?: CheckFix;
}

export interface PreUploadChecks {
  people: number;
  /** People with a manager reference, and how many of those name someone in the list. */
  managerReferences: number;
  resolvedReferences: number;
  /** People without a manager: the tops of the tree. */
  roots: number;
  /** People whose reporting line runs into a loop. */
  inLoops: number;
  layers: number;
  averageSpan: number;
  duplicateIds: number;
  salaryMissing: number;
  /** Yearly salaries under £1,000 or over £1,000,000: probably not yearly amounts. */
  salaryImplausible: number;
  salaryFromBand: number;
  salaryAnnualised: number;
  fteNotUnderstood: number;
  postsFromGroups: number;
  /** Rows of posts in FTE with 0 or no FTE: they make no post. */
  rowsWithoutPosts: number;
  topMarkers: number;
  warnings: CheckWarning[];
}

const IMPLAUSIBLY_LOW = 1_000;
const IMPLAUSIBLY_HIGH = 1_000_000;
/** Below this share of resolving references the reporting lines are called broken. */
const RESOLVE_WARNING = 0.9;

// Spans and layers need only the span thresholds of a reference; the checks do not report narrow or wide spans.
const SPANS_ONLY = { data: { org: { narrowSpan: 0, wideSpan: Number.MAX_SAFE_INTEGER } } } as unknown as CompiledReference;

const count = (n: number) => n.toLocaleString('en-GB');
const pct = (share: number) => `${Math.round(share * 100)}%`;
const people = (n: number) => `${count(n)} ${n === 1 ? 'person' : 'people'}`;
/** "1 row counts", "3 rows count": a count with its noun and verb agreeing. */
const counted = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

export function preUploadChecks(parts: readonly ImportPart[], rows: readonly UploadRow[], stats: ImportStats): PreUploadChecks {
  const org = spansAndLayers(rows, SPANS_ONLY);
  // Counted over every row, duplicates included (the tree keeps only the first row of a duplicated ID).
  const ids = new Set(rows.map((r) => r.employeeId));
  const references = rows.filter((r) => r.managerEmployeeId !== null && r.managerEmployeeId !== r.employeeId);
  const managerReferences = references.length;
  const resolvedReferences = references.filter((r) => ids.has(r.managerEmployeeId!)).length;
  const inLoops = countInLoops(rows);
  const salaryImplausible = rows.filter((r) => r.salary !== null && (r.salary < IMPLAUSIBLY_LOW || r.salary > IMPLAUSIBLY_HIGH)).length;
  const checks: PreUploadChecks = {
    people: rows.length,
    managerReferences,
    resolvedReferences,
    roots: org.roots,
    inLoops,
    layers: org.layerCount,
    averageSpan: org.averageSpan,
    duplicateIds: org.duplicateEmployeeIds,
    salaryMissing: stats.salaryMissing,
    salaryImplausible,
    salaryFromBand: stats.salaryFromBand,
    salaryAnnualised: stats.salaryAnnualised,
    fteNotUnderstood: stats.implausibleFte,
    postsFromGroups: stats.postsFromGroups,
    rowsWithoutPosts: stats.skippedNoPosts,
    topMarkers: stats.topMarkers,
    warnings: [],
  };
  checks.warnings = warningsFor(parts, checks);
  return checks;
}

function warningsFor(parts: readonly ImportPart[], c: PreUploadChecks): CheckWarning[] {
  const warnings: CheckWarning[] = [];
  const linked = parts.some((p) => p.mapping.fields.managerEmployeeId !== undefined || p.mapping.fields.managerEmail !== undefined);
  if (c.managerReferences > 0 && c.resolvedReferences < c.managerReferences * RESOLVE_WARNING) {
    const share = c.resolvedReferences / c.managerReferences;
    warnings.push({
      message:
        `Reporting lines will not resolve: only ${pct(share)} of manager references (${count(c.resolvedReferences)} of ${count(c.managerReferences)}) ` +
        `name someone in the list, so spans and layers would be wrong.`,
      ...fixFor(parts),
    });
  } else if (c.resolvedReferences < c.managerReferences) {
    const n = c.managerReferences - c.resolvedReferences;
    warnings.push({ message: `${people(n)} ${n === 1 ? 'reports' : 'report'} to someone not in the list; they will count as not connected to the top.` });
  }
  if (linked && c.managerReferences === 0) warnings.push({ message: 'No one has a manager: the manager column is empty, so there will be no tree.' });
  if (c.inLoops > 0) warnings.push({ message: `${people(c.inLoops)} ${c.inLoops === 1 ? 'is' : 'are'} in reporting loops (A reports to B, B to A); they will count as not connected.` });
  if (c.duplicateIds > 0) warnings.push({ message: `${counted(c.duplicateIds, 'employee ID appears', 'employee IDs appear')} more than once; the first row wins for reporting lines.` });
  const paid = parts.some((p) => p.mapping.fields.salary !== undefined || p.mapping.fields.hourlyRate !== undefined);
  if (!paid) warnings.push({ message: 'No salary column is chosen: everyone will be priced at the market rate for their occupation.' });
  else if (c.salaryMissing > 0) {
    warnings.push({ message: `${people(c.salaryMissing)} ${c.salaryMissing === 1 ? 'has' : 'have'} no salary (blank, not an amount, or a pay band of 0: not disclosed); they will be priced at the market rate for their occupation.` });
  }
  if (c.salaryImplausible > 0) {
    warnings.push({ message: `${people(c.salaryImplausible)} ${c.salaryImplausible === 1 ? 'has' : 'have'} a yearly salary under £1,000 or over £1,000,000. Check the salary column, or whether it holds hourly rates.` });
  }
  if (c.rowsWithoutPosts > 0) warnings.push({ message: `${counted(c.rowsWithoutPosts, 'row counts', 'rows count')} 0 posts in FTE (or none); they make no post and are not uploaded.` });
  if (c.fteNotUnderstood > 0) warnings.push({ message: `${counted(c.fteNotUnderstood, 'FTE value is', 'FTE values are')} not understood (above 1, or words); they will count as full time.` });
  return warnings;
}

/** The likely fix for references that do not resolve: the column they point to as the Employee ID. */
function fixFor(parts: readonly ImportPart[]): { fix?: CheckFix } {
  for (const [part, { table, mapping }] of parts.entries()) {
    const manager = mapping.fields.managerEmployeeId;
    if (manager === undefined) continue;
    const best = bestIdColumn(table, manager);
    if (!best || best.share < 0.5 || best.column === mapping.fields.employeeId) continue;
    const fields = { ...mapping.fields, employeeId: best.column };
    return {
      fix: {
        part,
        label: `Use “${columnLabel(table.headers, best.column)}” as the ${FIELD_LABELS.employeeId} (${pct(best.share)} of “${columnLabel(table.headers, manager)}” values are in it)`,
        mapping: { ...mapping, fields, groupings: mapping.groupings.filter((g) => g !== best.column) },
      },
    };
  }
  return {};
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
