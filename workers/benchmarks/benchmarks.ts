/**
 * Cross-engagement benchmarks (scoring.md §10; spec: Benchmarks). Each contributor is one other
 * engagement's most recently created finished dataset summary. Quartiles are published per section
 * (the whole page, each US major group, spans and layers), each withheld below the minimum number of
 * contributors, and every published quartile is rounded. Pure: the server calls it over the benchmark
 * view's rows; nothing here knows which engagement a summary came from.
 */
import type { BenchmarkFigure, BenchmarkSection, BenchmarkUnit, Benchmarks, MajorGroupBenchmark } from '../../schema/api/benchmarks.ts';

/** MIN_BENCHMARK_ENGAGEMENTS: a section with fewer contributors is withheld. */
export const MIN_BENCHMARK_ENGAGEMENTS = 5;

// The reply's shapes (units, figures, sections) are schema/api/benchmarks.ts's: GET /benchmarks answers what this makes.
export type { BenchmarkFigure, BenchmarkSection, BenchmarkUnit, Benchmarks, MajorGroupBenchmark };

/** BENCHMARK_ROUNDING: the step each published quartile is rounded to. */
export const BENCHMARK_ROUNDING: Record<BenchmarkUnit, number> = { pounds: 500, percent: 1, span: 0.5, layers: 0.5 };

/** The parts of a dataset summary benchmarks read (the benchmark view hands out exactly these). */
export interface BenchmarkSummary {
  headcount: number;
  /** ISO 4217 code of the money figures; absent (pounds) in copies made before lists had a currency. */
  currency?: string;
  cost: { total: number; average: number };
  exposure: { averagePercentile: number; automationShare: number; augmentationShare: number };
  scenarios: { moderate: { grossSaving: number } };
  offshore: { headcountShare: number };
  organisation: { managers: number; averageSpan: number; layerCount: number };
  usMajorGroups: { major: string; headcount: number; headcountShare: number; averagePercentile: number }[];
}

/**
 * Money figures are benchmarked in pounds only (the spec rounds them to £500). A list in another currency
 * contributes its shares, exposure and spans, never its costs: adding or ranking dollars with pounds would need
 * an exchange rate the reference does not hold, and a rate chosen here would move every quartile with the market.
 */
export const BENCHMARK_CURRENCY = 'GBP';
const currencyOf = (s: Pick<BenchmarkSummary, 'currency'>) => s.currency ?? BENCHMARK_CURRENCY;
const inPounds = (s: Pick<BenchmarkSummary, 'currency'>) => currencyOf(s) === BENCHMARK_CURRENCY;

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null;
const numbersAt = (o: unknown, keys: readonly string[]) => isObject(o) && keys.every((k) => isNumber(o[k]));

/**
 * A stored summary as a benchmark contribution, or null when it lacks a figure (it then contributes
 * nothing). Checked by hand rather than with zod: a benchmark reads hundreds of these per request.
 */
export function readBenchmarkSummary(value: unknown): BenchmarkSummary | null {
  if (!isObject(value)) return null;
  const s = value;
  const ok =
    isNumber(s.headcount) && s.headcount >= 1 &&
    numbersAt(s.cost, ['total', 'average']) && s.cost.total > 0 &&
    numbersAt(s.exposure, ['averagePercentile', 'automationShare', 'augmentationShare']) &&
    numbersAt(s.scenarios?.moderate, ['grossSaving']) &&
    numbersAt(s.offshore, ['headcountShare']) &&
    numbersAt(s.organisation, ['managers', 'averageSpan', 'layerCount']) &&
    (s.currency === undefined || typeof s.currency === 'string') &&
    Array.isArray(s.usMajorGroups) &&
    s.usMajorGroups.every((g: unknown) => numbersAt(g, ['headcount', 'headcountShare', 'averagePercentile']) && typeof (g as { major: unknown }).major === 'string');
  if (!ok) return null;
  // The trimmed copy holds the currency at its top (migration 0015); a whole summary holds it in its settings.
  const currency = typeof s.currency === 'string' ? s.currency : typeof s.settings?.currency === 'string' ? s.settings.currency : undefined;
  return { ...(s as BenchmarkSummary), ...(currency ? { currency } : {}) };
}

interface FigureDefinition<S> {
  key: string;
  label: string;
  unit: BenchmarkUnit;
  read(source: S): number;
}

type MajorGroup = BenchmarkSummary['usMajorGroups'][number];

const PAGE_FIGURES: FigureDefinition<BenchmarkSummary>[] = [
  { key: 'costPerHead', label: 'Cost per head', unit: 'pounds', read: (s) => s.cost.average },
  { key: 'averageExposure', label: 'Average AI exposure percentile', unit: 'percent', read: (s) => s.exposure.averagePercentile },
  { key: 'automationShare', label: 'Share of work AI could automate', unit: 'percent', read: (s) => s.exposure.automationShare * 100 },
  { key: 'augmentationShare', label: 'Share of work AI could augment', unit: 'percent', read: (s) => s.exposure.augmentationShare * 100 },
  { key: 'moderateSaving', label: 'Moderate saving as a share of cost', unit: 'percent', read: (s) => (s.scenarios.moderate.grossSaving / s.cost.total) * 100 },
  { key: 'offshoreShare', label: 'Offshore share of headcount', unit: 'percent', read: (s) => s.offshore.headcountShare * 100 },
];

const ORGANISATION_FIGURES: FigureDefinition<BenchmarkSummary>[] = [
  { key: 'averageSpan', label: 'Average span of control', unit: 'span', read: (s) => s.organisation.averageSpan },
  { key: 'layerCount', label: 'Layers', unit: 'layers', read: (s) => s.organisation.layerCount },
];

const MAJOR_GROUP_FIGURES: FigureDefinition<MajorGroup>[] = [
  { key: 'headcountShare', label: 'Share of headcount', unit: 'percent', read: (g) => g.headcountShare * 100 },
  { key: 'averageExposure', label: 'Average AI exposure percentile', unit: 'percent', read: (g) => g.averagePercentile },
];

/**
 * Rounds to the nearest multiple of step, half-way cases away from zero. Dividing first and trimming to
 * nine decimals absorbs binary error, so 12.5 % stored as 0.125 and 24,750 both round up as written.
 */
export function roundToStep(value: number, step: number): number {
  const steps = Number((Math.abs(value) / step).toFixed(9));
  const rounded = Math.round(steps) * step;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** The p-quantile of sorted values by linear interpolation between order statistics (Excel's QUARTILE.INC). */
export function quantileSorted(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

function section<S>(definitions: FigureDefinition<S>[], sources: S[], compared: S | null, minimum: number, money?: (s: S) => boolean): BenchmarkSection {
  const withheld = sources.length < minimum;
  const figures = definitions.map((d): BenchmarkFigure => {
    // A money figure compares lists in pounds only, and is withheld on its own when too few of them contribute.
    const isMoney = d.unit === 'pounds' && money !== undefined;
    const own = compared === null || (isMoney && !money(compared)) ? null : compared;
    const value = own === null ? null : d.read(own);
    const contributing = isMoney ? sources.filter(money) : sources;
    if (withheld || contributing.length < minimum) return { key: d.key, label: d.label, unit: d.unit, value, p25: null, median: null, p75: null };
    const sorted = contributing.map(d.read).sort((a, b) => a - b);
    const step = BENCHMARK_ROUNDING[d.unit];
    const [p25, median, p75] = [0.25, 0.5, 0.75].map((p) => roundToStep(quantileSorted(sorted, p), step));
    return { key: d.key, label: d.label, unit: d.unit, value, p25, median, p75 };
  });
  return { contributors: withheld ? null : sources.length, withheld, figures };
}

/**
 * Spans and layers exist only where the list carries reporting lines. A summary without them
 * (organisation.reportingLines false, scoring.md §6) stores no managers, layers or spans, and the
 * benchmark view hands out those figures, so no manager means no reporting lines.
 */
const hasOrganisation = (s: BenchmarkSummary) => s.organisation.managers > 0;

function notes(minimum: number, excluded: boolean, compared: BenchmarkSummary | null): string[] {
  const r = BENCHMARK_ROUNDING;
  return [
    'Cost per head compares staff lists in pounds only; a list in another currency contributes its percentages, exposure and spans but not its costs, which are never converted.',
    ...(compared && !inPounds(compared) ? [`This staff list is in ${currencyOf(compared)}, so its cost per head is not set against the pound quartiles.`] : []),
    excluded
      ? "Each other client contributes its most recently created finished staff list; this engagement is left out before anything is counted."
      : 'Each client contributes its most recently created finished staff list.',
    `A figure is published only when at least ${minimum} clients contribute to it. The whole page, each occupation group, and spans and layers are judged separately.`,
    `Quartiles (25th percentile, median, 75th percentile) are rounded: pounds to the nearest £${r.pounds}, percentages to whole numbers, spans and layers to the nearest ${r.span}.`,
    'Occupation groups compare clients that have people in the group; spans and layers compare staff lists with reporting lines.',
    'Only engagements that opted in to benchmarking contribute. A purged engagement still contributes its last finished staff list: a purge keeps each dataset’s anonymised summary.',
    'No contributing client is named, and counts below the minimum are not shown.',
  ];
}

/**
 * Quartiles over the contributors (already without the compared engagement), with the compared
 * dataset's own figures beside them.
 */
export function computeBenchmarks(
  contributors: readonly BenchmarkSummary[],
  compared: BenchmarkSummary | null,
  options: { excludedEngagement: boolean; minimum?: number },
): Benchmarks {
  const minimum = options.minimum ?? MIN_BENCHMARK_ENGAGEMENTS;
  const page = section(PAGE_FIGURES, [...contributors], compared, minimum, inPounds);
  const organisation = section(
    ORGANISATION_FIGURES,
    contributors.filter(hasOrganisation),
    compared && hasOrganisation(compared) ? compared : null,
    minimum,
  );

  const byMajor = new Map<string, MajorGroup[]>();
  for (const s of contributors) {
    for (const g of s.usMajorGroups) {
      if (g.headcount <= 0) continue;
      const list = byMajor.get(g.major);
      if (list) list.push(g);
      else byMajor.set(g.major, [g]);
    }
  }
  const comparedGroups = new Map((compared?.usMajorGroups ?? []).filter((g) => g.headcount > 0).map((g) => [g.major, g]));
  const majors = new Set([...comparedGroups.keys(), ...[...byMajor].filter(([, list]) => list.length >= minimum).map(([major]) => major)]);
  const majorGroups = [...majors]
    .sort()
    .map((major) => ({ major, ...section(MAJOR_GROUP_FIGURES, byMajor.get(major) ?? [], comparedGroups.get(major) ?? null, minimum) }));

  return { minimumContributors: minimum, rounding: BENCHMARK_ROUNDING, excludedEngagement: options.excludedEngagement, page, organisation, majorGroups, notes: notes(minimum, options.excludedEngagement, compared) };
}
