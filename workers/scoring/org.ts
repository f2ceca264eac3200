import type { CompiledReference } from '../reference/compile.ts';
import { medianInPlace, round2 } from './round.ts';
import type { OrganisationSummary } from '../../schema/datasetSummary.ts';

/**
 * Spans and layers (scoring.md §6) in linear time: one pass to index employee IDs, one iterative walk up
 * each unvisited chain that labels every row on it once, one pass to count direct reports.
 *
 * A list has reporting lines only when at least half of its people report, through an unbroken chain of
 * managers in the list, to the top of the organisation. Below that (no manager column, or references that
 * mostly name nobody in the list) the tree is a handful of fragments or one flat layer of everybody, and
 * its layers and spans would describe the file, not the organisation: they are not reported.
 */
export const MIN_LINKED_SHARE = 0.5;

export interface OrgRow {
  employeeId: string;
  managerEmployeeId: string | null;
}

export interface MissingManager {
  /** The reference as uploaded, or `Unrecognised manager reference (#n)` when it must not be printed. */
  label: string;
  /** Rows naming it as their manager. */
  rows: number;
}

export interface SpansAndLayers {
  /** People in the tree: distinct employee IDs (the first row of a duplicated ID stands for it). */
  people: number;
  duplicateEmployeeIds: number;
  roots: number;
  layerCount: number;
  /** Connected people per layer, layer 1 (roots) first. */
  headcountByLayer: number[];
  managers: number;
  averageSpan: number;
  medianSpan: number;
  narrowManagers: number;
  wideManagers: number;
  singleReportManagers: number;
  /** People whose manager reference names nobody in the list (stand-ins included). */
  unresolved: number;
  /** People whose chain ends at an unresolved reference or runs into a cycle (the unresolved included). */
  disconnected: number;
  /** Distinct unresolved references, in order of first appearance. */
  missingManagers: MissingManager[];
  /** People below the top who reach it through managers in the list: connected people other than the roots. */
  linked: number;
  /** At least MIN_LINKED_SHARE of the people are linked: layers and spans describe the organisation. */
  reportingLines: boolean;
}

const ROOT = -1;
const UNRESOLVED = -2;

/** A reference that must never be printed (spec rule 5), or that could not be printed safely. */
export function isUnprintableReference(reference: string): boolean {
  // Control, format and unassigned characters are refused too: they cannot be shown faithfully.
  return reference.length > 40 || /[\s\p{C}]/u.test(reference) || reference.normalize('NFKC').includes('@');
}

/**
 * `managerEmployeeId` null, empty, blank or equal to the row's own ID makes the row a root: HR systems
 * commonly mark the head of the organisation as their own manager.
 */
function walkLayers(rows: readonly OrgRow[]) {
  const indexOf = new Map<string, number>();
  const firstRows: OrgRow[] = [];
  for (const row of rows) {
    if (indexOf.has(row.employeeId)) continue;
    indexOf.set(row.employeeId, firstRows.length);
    firstRows.push(row);
  }
  const n = firstRows.length;

  const parent = new Int32Array(n);
  const missing = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const row = firstRows[i];
    const ref = row.managerEmployeeId;
    if (ref === null || ref.trim() === '' || ref === row.employeeId) {
      parent[i] = ROOT;
      continue;
    }
    const at = indexOf.get(ref);
    if (at !== undefined) {
      parent[i] = at;
    } else {
      parent[i] = UNRESOLVED;
      missing.set(ref, (missing.get(ref) ?? 0) + 1);
    }
  }

  // layer[i]: 0 not yet known, -1 disconnected, ≥ 1 the layer. onPath marks the chain being walked.
  const layer = new Int32Array(n);
  const onPath = new Uint8Array(n);
  const path = new Int32Array(n);
  for (let start = 0; start < n; start++) {
    if (layer[start] !== 0) continue;
    let length = 0;
    let cur = start;
    let above: number; // layer of whatever the top of the path hangs from: 0 for "above a root", -1 disconnected
    for (;;) {
      if (layer[cur] !== 0) {
        above = layer[cur];
        break;
      }
      if (onPath[cur]) {
        above = -1; // the chain ran into a cycle
        break;
      }
      onPath[cur] = 1;
      path[length++] = cur;
      const p = parent[cur];
      if (p === ROOT) {
        above = 0;
        break;
      }
      if (p === UNRESOLVED) {
        above = -1;
        break;
      }
      cur = p;
    }
    for (let k = length - 1; k >= 0; k--) {
      const node = path[k];
      above = above < 0 ? -1 : above + 1;
      layer[node] = above;
      onPath[node] = 0;
    }
  }
  return { indexOf, n, parent, missing, layer };
}

/**
 * Each row's layer (1 for a root), or null when the row is disconnected: its chain ends at an unresolved
 * reference or runs into a cycle. A repeated employee ID takes the layer of its first row.
 */
export function rowLayers(rows: readonly OrgRow[]): (number | null)[] {
  const { indexOf, layer } = walkLayers(rows);
  return rows.map((row) => {
    const l = layer[indexOf.get(row.employeeId)!];
    return l > 0 ? l : null;
  });
}

export function spansAndLayers(rows: readonly OrgRow[], reference: CompiledReference): SpansAndLayers {
  const { narrowSpan, wideSpan } = reference.data.org;
  const { n, parent, missing, layer } = walkLayers(rows);
  const headcountByLayer: number[] = [];
  const reports = new Int32Array(n);
  let roots = 0;
  let unresolved = 0;
  let disconnected = 0;
  for (let i = 0; i < n; i++) {
    const p = parent[i];
    if (p === ROOT) roots++;
    else if (p === UNRESOLVED) unresolved++;
    else reports[p]++;
    const l = layer[i];
    if (l < 0) {
      disconnected++;
      continue;
    }
    while (headcountByLayer.length < l) headcountByLayer.push(0);
    headcountByLayer[l - 1]++;
  }

  const spans: number[] = [];
  let narrow = 0;
  let wide = 0;
  let single = 0;
  for (let i = 0; i < n; i++) {
    const span = reports[i];
    if (span === 0) continue;
    spans.push(span);
    if (span < narrowSpan) narrow++;
    if (span > wideSpan) wide++;
    if (span === 1) single++;
  }
  const totalReports = spans.reduce((a, b) => a + b, 0);

  let unprintable = 0;
  const missingManagers = [...missing].map(([ref, count]) => ({
    label: isUnprintableReference(ref) ? `Unrecognised manager reference (#${++unprintable})` : ref,
    rows: count,
  }));
  const linked = n - disconnected - roots;

  return {
    people: n,
    duplicateEmployeeIds: rows.length - n,
    roots,
    layerCount: headcountByLayer.length,
    headcountByLayer,
    managers: spans.length,
    averageSpan: spans.length ? round2(totalReports / spans.length) : 0,
    medianSpan: round2(medianInPlace(spans)),
    narrowManagers: narrow,
    wideManagers: wide,
    singleReportManagers: single,
    unresolved,
    disconnected,
    missingManagers,
    linked,
    reportingLines: hasEnoughLinked(linked, n),
  };
}

const hasEnoughLinked = (linked: number, people: number) => linked > 0 && linked >= MIN_LINKED_SHARE * people;

/**
 * The stored organisation figures. Without reporting lines only what the references say is kept (how many
 * people are linked, how many name a manager not in the list); the layers, managers and spans are zero, so a
 * reader that predates the reportingLines flag (a benchmark, an older page) shows no structure either.
 */
export function summariseOrganisation(org: SpansAndLayers, reference: CompiledReference): OrganisationSummary {
  const { narrowSpan, wideSpan } = reference.data.org;
  const structure = org.reportingLines
    ? org
    : { roots: 0, layerCount: 0, headcountByLayer: [], managers: 0, averageSpan: 0, medianSpan: 0, narrowManagers: 0, wideManagers: 0, singleReportManagers: 0 };
  return {
    reportingLines: org.reportingLines,
    people: org.people,
    linked: org.linked,
    roots: structure.roots,
    layerCount: structure.layerCount,
    headcountByLayer: structure.headcountByLayer,
    managers: structure.managers,
    averageSpan: structure.averageSpan,
    medianSpan: structure.medianSpan,
    narrowSpan,
    wideSpan,
    narrowManagers: structure.narrowManagers,
    wideManagers: structure.wideManagers,
    singleReportManagers: structure.singleReportManagers,
    unresolved: org.unresolved,
    disconnected: org.disconnected,
    missingManagerReferences: org.missingManagers.length,
  };
}

/**
 * People linked into the tree as stored. Summaries stored before the reportingLines flag do not carry the
 * count; their layers give it (everyone connected below layer 1).
 */
export function linkedPeople(o: OrganisationSummary): number {
  return o.linked ?? o.headcountByLayer.slice(1).reduce((a, b) => a + b, 0);
}

/** Whether a stored summary has reporting lines; one stored before the flag is judged by the same rule. */
export function hasReportingLines(o: OrganisationSummary): boolean {
  return o.reportingLines ?? hasEnoughLinked(linkedPeople(o), o.people);
}
