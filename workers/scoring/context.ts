import { GENERAL_PACK_ID, type Pack, type Region } from '../../schema/reference/index.ts';
import { classifyByRules } from '../classify/classify.ts';
import type { CompiledReference } from '../reference/compile.ts';
import { compileCopilotFit, type CopilotFit } from './copilot.ts';
import type { DatasetSettings, ScoringRow, TitleClassification } from './types.ts';

/**
 * Everything scoring looks up more than once for a dataset, prepared once: the pack, the copilot tiers,
 * the offshoring lists, and memos of the row-level rule re-classification and of location → region.
 * Build one per dataset with createScoringContext and pass it to every scoreRow call.
 */
export interface ScoringContext {
  readonly reference: CompiledReference;
  readonly settings: DatasetSettings;
  /** The engagement's pack; an unknown id falls back to the general pack. */
  readonly pack: Pack;
  readonly copilot: CopilotFit;
  readonly migratableMajors: ReadonlySet<string>;
  readonly migratableSubcategories: ReadonlySet<string>;
  regionFor(location: string | null): Region;
  /** The classification that applies to this row (division-restricted rules re-applied, see rowClassification). */
  rowClassification(row: ScoringRow, title: TitleClassification): TitleClassification;
}

export function createScoringContext(reference: CompiledReference, settings: DatasetSettings, packId: string): ScoringContext {
  const data = reference.data;
  const pack = reference.pack(packId) ?? reference.pack(GENERAL_PACK_ID);
  if (!pack) throw new Error('the reference has no general pack');

  // Divisions named by some rule: a row in any other division classifies exactly as the title does.
  const ruleDivisions = new Set<string>();
  for (const rule of data.taxonomy.rules) if (rule.division !== undefined) ruleDivisions.add(rule.division);
  const byDivision = new Map<string, TitleClassification>();
  const regions = new Map<string, Region>();

  return {
    reference,
    settings,
    pack,
    copilot: compileCopilotFit(data, pack),
    migratableMajors: new Set(data.gcc.migratableSocMajors),
    migratableSubcategories: new Set(data.gcc.migratableSubcategories),
    regionFor(location) {
      const key = location ?? '';
      let region = regions.get(key);
      if (!region) {
        region = reference.regionFor(location);
        regions.set(key, region);
      }
      return region;
    },
    rowClassification(row, title) {
      // Only titles the rules placed are re-read per row: an override, pack, cache or AI pick is a
      // decision about the title itself (scoring.md §2).
      if (title.source !== 'rules' || row.division === null || !ruleDivisions.has(row.division)) return title;
      const key = `${row.division}\u0000${row.title}`;
      let hit = byDivision.get(key);
      if (!hit) {
        hit = classifyByRules(reference, row.title, row.division);
        byDivision.set(key, hit);
      }
      return hit;
    },
  };
}
