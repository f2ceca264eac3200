import { describe, expect, it } from 'vitest';
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
