import { SCENARIO_KEYS, type Role, type ScenarioKey } from '../../schema/reference/index.ts';
import type { ScoringContext } from './context.ts';
import type { ScoringRow, TitleClassification } from './types.ts';

/** Per-row figures (scoring.md §3, with the row's offshoring status §5 and copilot tier §8). Unrounded. */

export type Horizon = 'now' | 'near' | 'later';
export type OffshoreStatus = 'offshore' | 'hybrid' | 'onshore';

export interface ScenarioFigures {
  /** Share of the person's capacity released: automation × realised + augmentation × productivity (≤ 1). */
  released: number;
  /** Annual gross saving: cost × released. */
  grossSaving: number;
  /** FTE × released, an unknown FTE counting as 1. */
  fteSaved: number;
}

export interface RowScore {
  /** The role the row is scored as (always a taxonomy role; Other / Uncategorised when the named one is unknown). */
  role: Role;
  usSoc2018: string | null;
  ukSoc2020: string | null;
  usMajor: string | null;
  source: TitleClassification['source'];
  /** Exposure percentile 0–100. */
  percentile: number;
  exposureImputed: boolean;
  horizon: Horizon;
  /** Share of work AI touches (0–1). */
  aiShare: number;
  automationShare: number;
  augmentationShare: number;
  regionKey: string;
  regionFactor: number;
  /** Annual employer cost: salary × employer cost multiplier. */
  cost: number;
  costImputed: boolean;
  /** FTE for FTE-saved figures: the uploaded value, or 1 when absent, null or rounding to 0. */
  fte: number;
  scenarios: Record<ScenarioKey, ScenarioFigures>;
  /** Offshoring status when the role is migratable, else null. */
  offshore: OffshoreStatus | null;
  /** Annual saving from moving an offshore candidate to the capability centre (0 for any other row). */
  offshoreSaving: number;
  copilotTier: string | null;
}

/** Everything about a row that depends only on its classification, computed once per classification. */
interface TitleProfile
  extends Pick<RowScore, 'role' | 'usMajor' | 'percentile' | 'exposureImputed' | 'horizon' | 'aiShare' | 'automationShare' | 'augmentationShare' | 'copilotTier'> {
  /** Market median of the classification's occupation in the list's currency, for its pay table's region. */
  marketSalary: number;
  migratable: boolean;
}

const profiles = new WeakMap<ScoringContext, WeakMap<TitleClassification, TitleProfile>>();

export function horizonOf(percentile: number, exposure: { horizonNowFrom: number; horizonNearFrom: number }): Horizon {
  if (percentile >= exposure.horizonNowFrom) return 'now';
  if (percentile >= exposure.horizonNearFrom) return 'near';
  return 'later';
}

/** FTE absent, null, not a number, or rounding to 0 at two decimals counts as 1. */
export function fteOrOne(fte: number | null | undefined): number {
  if (fte === null || fte === undefined || !Number.isFinite(fte) || Math.round(fte * 100) <= 0) return 1;
  return fte;
}

function profileOf(context: ScoringContext, c: TitleClassification): TitleProfile {
  let memo = profiles.get(context);
  if (!memo) {
    memo = new WeakMap();
    profiles.set(context, memo);
  }
  const known = memo.get(c);
  if (known) return known;

  const { reference } = context;
  const data = reference.data;
  const named = reference.role(c.category, c.subcategory);
  const role = named ?? reference.otherRole;
  const rubric = named ? named.rubric : data.taxonomy.defaultRubric;
  const aioe = c.usSoc2018 ? data.occupations.aioe[c.usSoc2018] : undefined;
  const percentile = aioe?.percentile ?? role.anchor?.aioePercentile ?? 50;
  const { exposure } = data;
  const aiShare = (exposure.augFloor + ((exposure.augCeil - exposure.augFloor) * percentile) / 100) / 100;
  const usMajor = reference.usMajorOf(c.usSoc2018);
  const profile: TitleProfile = {
    role,
    usMajor,
    percentile,
    exposureImputed: aioe === undefined && !role.anchor,
    horizon: horizonOf(percentile, exposure),
    aiShare,
    automationShare: aiShare * exposure.aeiAutoShare * rubric.automation,
    augmentationShare: aiShare * (1 - exposure.aeiAutoShare) * rubric.augmentation,
    marketSalary: context.payTable.median(c.usSoc2018, c.ukSoc2020),
    migratable: (usMajor !== null && context.migratableMajors.has(usMajor)) || context.migratableSubcategories.has(role.subcategory),
    copilotTier: context.copilot.tierOf(usMajor, role.subcategory),
  };
  memo.set(c, profile);
  return profile;
}

/**
 * The figures of one row, given its title's stored classification. Division-restricted rules are re-applied
 * for rule-classified titles, so the same title can score differently in two divisions.
 */
export function scoreRow(row: ScoringRow, titleClassification: TitleClassification, context: ScoringContext): RowScore {
  const c = context.rowClassification(row, titleClassification);
  const p = profileOf(context, c);
  const data = context.reference.data;
  const region = context.regionFor(row.location);

  // An uploaded salary is used as is only where it is the person's pay in the list's currency; elsewhere, and
  // whenever the salary is missing or not positive, the row is priced at the market of its region, in the
  // list's currency: the pay table's median × the region's factor ÷ the factor of the table's own region.
  const uploaded = row.salary !== null && Number.isFinite(row.salary) && row.salary > 0 ? row.salary : null;
  const costImputed = uploaded === null || !context.salaryIsNative(region);
  const salary = costImputed ? (p.marketSalary * region.defaultFactor) / context.payTable.region.defaultFactor : uploaded;
  const cost = salary * context.settings.employerCostMultiplier;
  const fte = fteOrOne(row.fte);

  const scenarios = {} as Record<ScenarioKey, ScenarioFigures>;
  for (const key of SCENARIO_KEYS) {
    const s = data.scenarios[key];
    const released = Math.min(1, p.automationShare * s.automationRealised + p.augmentationShare * s.augmentationProductivity);
    scenarios[key] = { released, grossSaving: cost * released, fteSaved: fte * released };
  }

  const gcc = data.gcc;
  const offshore: OffshoreStatus | null = !p.migratable
    ? null
    : p.percentile < gcc.offshoreBelow
      ? 'offshore'
      : p.percentile >= gcc.onshoreFrom
        ? 'onshore'
        : 'hybrid';
  const offshoreSaving = offshore === 'offshore' ? cost * Math.max(0, 1 - gcc.defaultOffshoreFactor / region.defaultFactor) : 0;

  return {
    role: p.role,
    usSoc2018: c.usSoc2018,
    ukSoc2020: c.ukSoc2020,
    usMajor: p.usMajor,
    source: c.source,
    percentile: p.percentile,
    exposureImputed: p.exposureImputed,
    horizon: p.horizon,
    aiShare: p.aiShare,
    automationShare: p.automationShare,
    augmentationShare: p.augmentationShare,
    regionKey: region.key,
    regionFactor: region.defaultFactor,
    cost,
    costImputed,
    fte,
    scenarios,
    offshore,
    offshoreSaving,
    copilotTier: p.copilotTier,
  };
}
