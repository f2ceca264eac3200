import { describe, expect, it } from 'vitest';
import type { DatasetSummary } from '../../schema/datasetSummary.ts';
import { accountants, accountantsSummary } from '../scoring/test/fixture.ts';
import { computeBenchmarks, quantileSorted, readBenchmarkSummary, roundToStep, type BenchmarkSummary } from './benchmarks.ts';

describe('benchmark arithmetic', () => {
  it('rounds half-way cases up at each step', () => {
    expect([24_749.99, 24_750, 25_249.99, 25_250].map((v) => roundToStep(v, 500))).toEqual([24_500, 25_000, 25_000, 25_500]);
    expect([12.49, 12.5, 0.145 * 100].map((v) => roundToStep(v, 1))).toEqual([12, 13, 15]);
    expect([2.24, 2.25, 2.74, 2.75].map((v) => roundToStep(v, 0.5))).toEqual([2, 2.5, 2.5, 3]);
  });
  it('interpolates quartiles between order statistics', () => {
    const six = [1, 2, 3, 4, 5, 6];
    expect([0.25, 0.5, 0.75].map((p) => quantileSorted(six, p))).toEqual([2.25, 3.5, 4.75]);
    expect([0.25, 0.5, 0.75].map((p) => quantileSorted([1, 2, 3, 4, 5], p))).toEqual([2, 3, 4]);
  });
  it('reads a summary lacking a figure as no contribution', () => {
    expect(readBenchmarkSummary({ headcount: 2, cost: { total: 100_000 } })).toBeNull();
  });
});

describe('spans and layers benchmarks', () => {
  /** A list of `size` accountants; `managerOf(i)` names each one's manager (E0 heads it). */
  const summaryOf = (size: number, managerOf: (i: number) => string | null): DatasetSummary => accountantsSummary(accountants(size, managerOf));
  const managed = (size: number) => summaryOf(size, () => 'E0');
  /** The figures the benchmark view hands out (migration 0009's trimmed copy of the summary). */
  const trimmed = (s: DatasetSummary): BenchmarkSummary =>
    readBenchmarkSummary(
      JSON.parse(
        JSON.stringify({
          headcount: s.headcount,
          cost: { total: s.cost.total, average: s.cost.average },
          exposure: s.exposure,
          scenarios: { moderate: { grossSaving: s.scenarios.moderate.grossSaving } },
          offshore: { headcountShare: s.offshore.headcountShare },
          organisation: { managers: s.organisation.managers, averageSpan: s.organisation.averageSpan, layerCount: s.organisation.layerCount },
          usMajorGroups: s.usMajorGroups,
        }),
      ),
    )!;
  // Spans 1 to 5 under one manager each, two layers.
  const withLines = () => [2, 3, 4, 5, 6].map((n) => trimmed(managed(n)));

  it('leaves a list without a manager column out of the span and layer quartiles while it counts for the page', () => {
    const b = computeBenchmarks([...withLines(), trimmed(summaryOf(31, () => null))], null, { excludedEngagement: false });
    expect(b.page.contributors).toBe(6);
    expect(b.organisation.contributors).toBe(5);
  });

  it('leaves out a list whose manager references mostly name nobody in the list', () => {
    // E1 and E2 report to E0, the other 28 to managers not in the list: 2 of 31 linked, one manager of span 2.
    const broken = trimmed(summaryOf(31, (i) => (i <= 2 ? 'E0' : `GONE-${i}`)));
    const b = computeBenchmarks([...withLines(), broken], null, { excludedEngagement: false });
    expect(b.organisation.contributors).toBe(5);
    expect(b.organisation.figures.find((f) => f.key === 'averageSpan')).toMatchObject({ p25: 2, median: 3, p75: 4 });
    expect(b.organisation.figures.find((f) => f.key === 'layerCount')).toMatchObject({ p25: 2, median: 2, p75: 2 });
  });

  it('gives a compared list without reporting lines no span or layer figure of its own', () => {
    const b = computeBenchmarks(withLines(), trimmed(summaryOf(31, () => null)), { excludedEngagement: true });
    expect(b.organisation.figures.map((f) => f.value)).toEqual([null, null]);
  });
});

describe('benchmarks across currencies', () => {
  /** A contribution whose cost per head is `average` and whose moderate saving is 10% of cost. */
  const contribution = (average: number, currency?: string): BenchmarkSummary => ({
    headcount: 10,
    ...(currency ? { currency } : {}),
    cost: { total: average * 10, average },
    exposure: { averagePercentile: 50, automationShare: 0.1, augmentationShare: 0.2 },
    scenarios: { moderate: { grossSaving: average } },
    offshore: { headcountShare: 0.1 },
    organisation: { managers: 0, averageSpan: 0, layerCount: 0 },
    usMajorGroups: [],
  });
  const costPerHead = (b: ReturnType<typeof computeBenchmarks>) => b.page.figures.find((f) => f.key === 'costPerHead')!;
  const pounds = [40_000, 42_000, 44_000, 46_000, 48_000].map((a) => contribution(a));

  it('takes cost per head from lists in pounds only, while dollar lists still count in the percentages', () => {
    const b = computeBenchmarks([...pounds, contribution(900_000, 'USD')], null, { excludedEngagement: false });
    // Quartiles of 40,000 … 48,000 (the $900,000 list left out): 42,000, 44,000, 46,000.
    expect(costPerHead(b)).toMatchObject({ p25: 42_000, median: 44_000, p75: 46_000 });
    expect(b.page.contributors).toBe(6);
    expect(b.page.figures.find((f) => f.key === 'moderateSaving')!.median).toBe(10);
  });

  it('withholds cost per head alone when fewer than five lists are in pounds', () => {
    const b = computeBenchmarks([...pounds.slice(0, 4), contribution(50_000, 'USD')], null, { excludedEngagement: false });
    expect(costPerHead(b)).toMatchObject({ p25: null, median: null, p75: null });
    expect(b.page.withheld).toBe(false);
  });

  it('sets no dollar cost per head against the pound quartiles, and says so', () => {
    const b = computeBenchmarks(pounds, contribution(60_000, 'USD'), { excludedEngagement: true });
    expect(costPerHead(b).value).toBeNull();
    expect(b.notes).toContain('This staff list is in USD, so its cost per head is not set against the pound quartiles.');
  });

  it('reads a copy made before lists had a currency as pounds', () => {
    const b = computeBenchmarks(pounds, contribution(45_000), { excludedEngagement: true });
    expect(costPerHead(b).value).toBe(45_000);
  });
});

describe('reading a summary’s currency', () => {
  it('takes it from the top of a trimmed copy or from the settings of a whole summary', () => {
    const figures = {
      headcount: 1,
      cost: { total: 1, average: 1 },
      exposure: { averagePercentile: 1, automationShare: 0, augmentationShare: 0 },
      scenarios: { moderate: { grossSaving: 0 } },
      offshore: { headcountShare: 0 },
      organisation: { managers: 0, averageSpan: 0, layerCount: 0 },
      usMajorGroups: [],
    };
    expect(readBenchmarkSummary({ ...figures, currency: 'USD' })?.currency).toBe('USD');
    expect(readBenchmarkSummary({ ...figures, settings: { employerCostMultiplier: 1.24, currency: 'USD' } })?.currency).toBe('USD');
    expect(readBenchmarkSummary(figures)?.currency).toBeUndefined();
  });
});
