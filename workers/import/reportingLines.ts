/**
 * Reporting lines of the rows as they will be uploaded, counted by the spans-and-layers engine that scores the
 * stored rows. The checks before upload, "Rows prepared" and the dataset's results all read these counts, so a
 * manager who is not in the list is counted once, the same way, everywhere: a person whose manager reference
 * names nobody in the list (a stand-in for an unknown manager email included), the first row of a repeated
 * employee ID standing for it.
 */
import type { CompiledReference } from '../reference/compile.ts';
import { spansAndLayers, type OrgRow } from '../scoring/org.ts';

export interface ReportingLines {
  /** Distinct employee IDs. */
  people: number;
  /** People without a manager: the tops of the tree. */
  roots: number;
  /** People with a manager reference, and those whose reference names someone in the list. */
  references: number;
  resolved: number;
  /** People whose manager is not in the list, and the distinct references naming nobody. */
  unresolved: number;
  missingReferences: number;
  layers: number;
  averageSpan: number;
  duplicateIds: number;
}

// Spans and layers need only the span thresholds of a reference; these counts do not report narrow or wide spans.
const SPANS_ONLY = { data: { org: { narrowSpan: 0, wideSpan: Number.MAX_SAFE_INTEGER } } } as unknown as CompiledReference;

export function reportingLines(rows: readonly OrgRow[]): ReportingLines {
  const org = spansAndLayers(rows, SPANS_ONLY);
  const references = org.people - org.roots;
  return {
    people: org.people,
    roots: org.roots,
    references,
    resolved: references - org.unresolved,
    unresolved: org.unresolved,
    missingReferences: org.missingManagers.length,
    layers: org.layerCount,
    averageSpan: org.averageSpan,
    duplicateIds: org.duplicateEmployeeIds,
  };
}
