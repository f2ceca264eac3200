import type { CompiledReference } from '../reference/compile.ts';
import type { DatasetSummary } from '../../schema/datasetSummary.ts';
import type { ExportRow, ExportTitle } from '../exports/input.ts';
import { mapScoredRows } from '../exports/people.ts';
import type { CopilotAllocationContext, CopilotPerson } from './allocation.ts';

/**
 * The people a Copilot plan allocates over, scored exactly as the server scored the dataset's summary
 * (same scoreRow, pinned reference, settings and pack): so a plan follows every rescore of its dataset.
 */
export function copilotPeople(rows: readonly ExportRow[], titles: readonly ExportTitle[], reference: CompiledReference, summary: DatasetSummary): CopilotPerson[] {
  return mapScoredRows(rows, titles, reference, summary, (row, s, layer) => {
    const location = row.location?.trim();
    return {
      employeeId: row.employeeId,
      tier: s.copilotTier,
      percentile: s.percentile,
      horizon: s.horizon,
      category: s.role.category,
      subcategory: s.role.subcategory,
      layer,
      location: location ? location : null,
      fte: s.fte,
      cost: s.cost,
      augmentationShare: s.augmentationShare,
    };
  });
}

/** The tiers and the moderate scenario's augmentation productivity of the dataset's pinned version. */
export function copilotAllocationContext(reference: CompiledReference): CopilotAllocationContext {
  const { copilot, scenarios } = reference.data;
  return { tiers: copilot.tiers.map((t) => ({ key: t.key, label: t.label })), augmentationProductivity: scenarios.moderate.augmentationProductivity };
}
