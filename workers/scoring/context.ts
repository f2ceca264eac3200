import { GENERAL_PACK_ID, type Pack, type Region } from '../../schema/reference/index.ts';
import { classifyByRules, matchText } from '../classify/classify.ts';
import { contextKey, NO_LIST_CONTEXT, type ListContext } from '../classify/context.ts';
import type { CompiledReference, PayTable } from '../reference/compile.ts';
import { homeRegionOf } from './settings.ts';
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
  /** The list's home region: rows whose location is blank or unrecognised work here. */
  readonly homeRegion: Region;
  /** Market pay in the list's currency, for rows whose uploaded salary does not apply. */
  readonly payTable: PayTable;
  /** The row's region: its location's, else the home region. */
  regionFor(location: string | null): Region;
  /** An uploaded salary of a person in this region is their pay in the list's currency. */
  salaryIsNative(region: Region): boolean;
  /**
   * The classification that applies to this row: its own variant's when the title has variants (by the row's
   * context key under the list's coding context); else the title's, with division-restricted rules re-applied
   * for rule-classified titles.
   */
  rowClassification(row: ScoringRow, title: TitleClassification): TitleClassification;
}

export function createScoringContext(reference: CompiledReference, settings: DatasetSettings, packId: string, codingContext: ListContext = NO_LIST_CONTEXT): ScoringContext {
  const data = reference.data;
  const pack = reference.pack(packId) ?? reference.pack(GENERAL_PACK_ID);
  if (!pack) throw new Error('the reference has no general pack');
  const homeRegion = homeRegionOf(reference, settings.region);
  if (!homeRegion) throw new Error(`the reference cannot price a list whose home is ${settings.region}`);
  const payTable = reference.payTable(settings.currency);
  if (!payTable) throw new Error(`the reference has no pay in ${settings.currency}`);

  // The distinct patterns of the rules restricted to each division. A row whose division no rule names, or
  // whose title none of its division's patterns matches, classifies exactly as its title does, so the
  // full rule search runs only for the few (division, title) pairs a restricted rule can change.
  const divisionPatterns = new Map<string, RegExp[]>();
  const compiledPatterns = new Map<string, RegExp>();
  for (const rule of data.taxonomy.rules) {
    if (rule.division === undefined) continue;
    let regex = compiledPatterns.get(rule.pattern);
    if (!regex) {
      regex = new RegExp(rule.pattern, 'i');
      compiledPatterns.set(rule.pattern, regex);
    }
    const list = divisionPatterns.get(rule.division) ?? [];
    if (!list.includes(regex)) list.push(regex);
    divisionPatterns.set(rule.division, list);
  }
  const texts = new Map<string, string>();
  const byDivision = new Map<string, TitleClassification | null>();
  const regions = new Map<string, Region>();
  // Per title with variants, its variants by context key, made once: a row's lookup is one key and one map read.
  // Each variant is one object, so scoring's per-classification memo (row.ts profileOf) holds across its rows.
  const variantsByTitle = new WeakMap<TitleClassification, Map<string, TitleClassification>>();
  const variantOf = (row: ScoringRow, title: TitleClassification): TitleClassification | undefined => {
    let byKey = variantsByTitle.get(title);
    if (!byKey) {
      byKey = new Map();
      for (const { contextKeys, ...classification } of title.variants ?? []) for (const key of contextKeys) byKey.set(key, classification);
      variantsByTitle.set(title, byKey);
    }
    return byKey.get(contextKey(row, codingContext));
  };

  return {
    reference,
    settings,
    pack,
    copilot: compileCopilotFit(data, pack),
    migratableMajors: new Set(data.gcc.migratableSocMajors),
    migratableSubcategories: new Set(data.gcc.migratableSubcategories),
    homeRegion,
    payTable,
    regionFor(location) {
      const key = location ?? '';
      let region = regions.get(key);
      if (!region) {
        region = reference.matchRegion(location) ?? homeRegion;
        regions.set(key, region);
      }
      return region;
    },
    salaryIsNative(region) {
      return region.nativeSalary && reference.currencyOf(region) === settings.currency;
    },
    rowClassification(row, title) {
      if (title.variants?.length) return variantOf(row, title) ?? title;
      // Only titles the rules placed are re-read per row: an override, pack, cache or AI pick is a
      // decision about the title itself (scoring.md §2).
      if (title.source !== 'rules' || row.division === null) return title;
      const patterns = divisionPatterns.get(row.division);
      if (!patterns) return title;
      const key = `${row.division}\u0000${row.title}`;
      let hit = byDivision.get(key);
      if (hit === undefined) {
        let text = texts.get(row.title);
        if (text === undefined) {
          text = matchText(row.title);
          texts.set(row.title, text);
        }
        const restricted = patterns.some((p) => p.test(text));
        hit = restricted ? classifyByRules(reference, row.title, row.division) : null;
        byDivision.set(key, hit);
      }
      return hit ?? title;
    },
  };
}
