import { SCENARIO_KEYS, type Role, type ScenarioKey } from '../../schema/reference/index.ts';
import { classifyWithoutAi } from '../classify/classify.ts';
import { createScoringContext } from './context.ts';
import { summariseLifecycle, type RoleTotals } from './lifecycle.ts';
import { compareText } from './order.ts';
import { spansAndLayers, summariseOrganisation } from './org.ts';
import { buildProgramme, halfYearLabel, halfYearOf, PERIODS_REPORTED, type ScenarioRunRate } from './programme.ts';
import { medianInPlace, round2, roundMoney, roundShare } from './round.ts';
import { scoreRow } from './row.ts';
import type { DatasetSummary } from '../../schema/datasetSummary.ts';
import type { SummaryInput, TitleClassification } from './types.ts';

/**
 * The dataset summary (scoring.md §9): every row scored once, then folded into aggregates. Same input,
 * same JSON: sums run in upload order, every list has a total order, and figures are rounded at the end.
 */

interface RoleAccumulator extends RoleTotals {
  automationSum: number;
  augmentationSum: number;
}

interface CategoryAccumulator {
  category: string;
  headcount: number;
  cost: number;
  percentileSum: number;
  moderateSaving: number;
  automationSum: number;
  augmentationSum: number;
}

const bucket = () => ({ headcount: 0, cost: 0 });
const bigFirst = (a: { headcount: number; cost: number }, b: { headcount: number; cost: number }) => b.headcount - a.headcount || b.cost - a.cost;
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

export const TOP_ROLES = 20;

export function buildDatasetSummary(input: SummaryInput): DatasetSummary {
  const { rows, classifications, reference, settings } = input;
  const data = reference.data;
  const context = createScoringContext(reference, settings, input.packId, input.codingContext);
  const start = halfYearOf(input.createdAt);

  // A title the caller did not classify is resolved the way the service does with AI off: pack, then rules.
  const fallback = new Map<string, TitleClassification>();
  const classificationOf = (title: string): TitleClassification => {
    const stored = classifications.get(title);
    if (stored) return stored;
    let resolved = fallback.get(title);
    if (!resolved) {
      resolved = classifyWithoutAi(reference, title, { packId: context.pack.id });
      fallback.set(title, resolved);
    }
    return resolved;
  };

  const costs = new Float64Array(rows.length);
  let fteTotal = 0;
  let costTotal = 0;
  let percentileSum = 0;
  let automationSum = 0;
  let augmentationSum = 0;
  let exposureImputed = 0;
  let costImputed = 0;
  const byHorizon = { now: bucket(), near: bucket(), later: bucket() };
  const runRates = {} as Record<ScenarioKey, ScenarioRunRate>;
  for (const key of SCENARIO_KEYS) runRates[key] = { grossByHorizon: { now: 0, near: 0, later: 0 }, fteSaved: 0 };
  const roles = new Map<Role, RoleAccumulator>();
  const majors = new Map<string, { headcount: number; percentileSum: number }>();
  const offshore = { migratable: bucket(), candidates: bucket(), hybrid: bucket(), onshore: bucket(), saving: 0 };
  const tiers = new Map<string, number>(data.copilot.tiers.map((t) => [t.key, 0]));
  let noTier = 0;
  const titleSources = new Map<string, TitleClassification['source']>();

  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const titleClassification = classificationOf(row.title);
    if (!titleSources.has(row.title)) titleSources.set(row.title, titleClassification.source);
    const s = scoreRow(row, titleClassification, context);

    costs[i] = s.cost;
    fteTotal += s.fte;
    costTotal += s.cost;
    percentileSum += s.percentile;
    automationSum += s.automationShare;
    augmentationSum += s.augmentationShare;
    if (s.exposureImputed) exposureImputed++;
    if (s.costImputed) costImputed++;
    byHorizon[s.horizon].headcount++;
    byHorizon[s.horizon].cost += s.cost;
    for (const key of SCENARIO_KEYS) {
      runRates[key].grossByHorizon[s.horizon] += s.scenarios[key].grossSaving;
      runRates[key].fteSaved += s.scenarios[key].fteSaved;
    }

    let role = roles.get(s.role);
    if (!role) {
      role = { role: s.role, headcount: 0, cost: 0, percentileSum: 0, moderateSaving: 0, automationSum: 0, augmentationSum: 0 };
      roles.set(s.role, role);
    }
    role.headcount++;
    role.cost += s.cost;
    role.percentileSum += s.percentile;
    role.moderateSaving += s.scenarios.moderate.grossSaving;
    role.automationSum += s.automationShare;
    role.augmentationSum += s.augmentationShare;

    if (s.usMajor !== null) {
      const major = majors.get(s.usMajor) ?? { headcount: 0, percentileSum: 0 };
      major.headcount++;
      major.percentileSum += s.percentile;
      majors.set(s.usMajor, major);
    }

    if (s.offshore !== null) {
      const bucket = s.offshore === 'offshore' ? offshore.candidates : s.offshore === 'hybrid' ? offshore.hybrid : offshore.onshore;
      bucket.headcount++;
      bucket.cost += s.cost;
      offshore.migratable.headcount++;
      offshore.migratable.cost += s.cost;
      offshore.saving += s.offshoreSaving;
    }

    if (s.copilotTier === null) noTier++;
    else tiers.set(s.copilotTier, (tiers.get(s.copilotTier) ?? 0) + 1);
  }

  const headcount = rows.length;
  const org = spansAndLayers(rows, reference);
  const roleList = [...roles.values()];

  const categories = new Map<string, CategoryAccumulator>();
  for (const r of roleList) {
    const c = categories.get(r.role.category) ?? {
      category: r.role.category,
      headcount: 0,
      cost: 0,
      percentileSum: 0,
      moderateSaving: 0,
      automationSum: 0,
      augmentationSum: 0,
    };
    c.headcount += r.headcount;
    c.cost += r.cost;
    c.percentileSum += r.percentileSum;
    c.moderateSaving += r.moderateSaving;
    c.automationSum += r.automationSum;
    c.augmentationSum += r.augmentationSum;
    categories.set(c.category, c);
  }

  const bySource = input.stats.bySource ?? countSources(titleSources);
  const money = (x: { headcount: number; cost: number }) => ({ headcount: x.headcount, cost: roundMoney(x.cost) });

  return {
    headcount,
    fteTotal: round2(fteTotal),
    cost: { total: roundMoney(costTotal), average: roundMoney(ratio(costTotal, headcount)), median: roundMoney(medianInPlace(costs)) },
    exposure: {
      averagePercentile: round2(ratio(percentileSum, headcount)),
      byHorizon: { now: money(byHorizon.now), near: money(byHorizon.near), later: money(byHorizon.later) },
      automationShare: roundShare(ratio(automationSum, headcount)),
      augmentationShare: roundShare(ratio(augmentationSum, headcount)),
    },
    programme: {
      horizonStart: halfYearLabel(start, 0),
      periodLabels: Array.from({ length: PERIODS_REPORTED }, (_, i) => halfYearLabel(start, i)),
      paybackLimitMonths: data.programme.paybackMonths,
    },
    scenarios: {
      conservative: buildProgramme('conservative', runRates.conservative, data.programme, start),
      moderate: buildProgramme('moderate', runRates.moderate, data.programme, start),
      aggressive: buildProgramme('aggressive', runRates.aggressive, data.programme, start),
    },
    topRoles: roleList
      .filter((r) => r.role !== reference.otherRole)
      .sort((a, b) => bigFirst(a, b) || compareText(a.role.category, b.role.category) || compareText(a.role.subcategory, b.role.subcategory))
      .slice(0, TOP_ROLES)
      .map((r) => ({
        category: r.role.category,
        subcategory: r.role.subcategory,
        headcount: r.headcount,
        cost: roundMoney(r.cost),
        averagePercentile: round2(ratio(r.percentileSum, r.headcount)),
        moderateSaving: roundMoney(r.moderateSaving),
      })),
    categories: [...categories.values()]
      .sort((a, b) => bigFirst(a, b) || compareText(a.category, b.category))
      .map((c) => ({
        category: c.category,
        headcount: c.headcount,
        cost: roundMoney(c.cost),
        averagePercentile: round2(ratio(c.percentileSum, c.headcount)),
        moderateSaving: roundMoney(c.moderateSaving),
        automationShare: roundShare(ratio(c.automationSum, c.headcount)),
        augmentationShare: roundShare(ratio(c.augmentationSum, c.headcount)),
      })),
    usMajorGroups: [...majors]
      .sort(([a], [b]) => compareText(a, b))
      .map(([major, m]) => ({
        major,
        headcount: m.headcount,
        headcountShare: roundShare(ratio(m.headcount, headcount)),
        averagePercentile: round2(ratio(m.percentileSum, m.headcount)),
      })),
    offshore: {
      migratable: money(offshore.migratable),
      candidates: money(offshore.candidates),
      hybrid: money(offshore.hybrid),
      onshore: money(offshore.onshore),
      headcountShare: roundShare(ratio(offshore.candidates.headcount, headcount)),
      costShare: roundShare(ratio(offshore.candidates.cost, costTotal)),
      saving: roundMoney(offshore.saving),
    },
    organisation: summariseOrganisation(org, reference),
    lifecycle: summariseLifecycle(data.lifecycles, context.pack, roleList),
    copilot: {
      byTier: data.copilot.tiers.map((t) => ({ key: t.key, label: t.label, headcount: tiers.get(t.key) ?? 0 })),
      noTier,
    },
    stats: {
      rows: rows.length,
      titles: titleSources.size,
      duplicateEmployeeIds: org.duplicateEmployeeIds,
      exposureImputed,
      costImputed,
      implausibleFte: input.stats.implausibleFte ?? 0,
      bySource: sortedRecord(bySource),
    },
    referenceVersion: reference.version ?? 1,
    packId: context.pack.id,
    settings: { employerCostMultiplier: settings.employerCostMultiplier, region: settings.region, currency: settings.currency },
    ...(input.codingContext && { codingContext: { currency: input.codingContext.currency, payScale: input.codingContext.payScale } }),
  };
}

function countSources(sources: Map<string, TitleClassification['source']>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const source of sources.values()) out[source] = (out[source] ?? 0) + 1;
  return out;
}

function sortedRecord(record: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => compareText(a, b)));
}
