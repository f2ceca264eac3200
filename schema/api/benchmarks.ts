import { z } from 'zod';

// What GET /benchmarks answers. The compute that makes it (workers/benchmarks/benchmarks.ts) takes its types
// from here, so the reply the browser checks and the figures the server works out are one shape.

export const BENCHMARK_UNITS = ['pounds', 'percent', 'span', 'layers'] as const;
export const benchmarkUnit = z.enum(BENCHMARK_UNITS);
export type BenchmarkUnit = z.infer<typeof benchmarkUnit>;

export const benchmarkFigure = z
  .object({
    key: z.string(),
    label: z.string(),
    unit: benchmarkUnit,
    /** The compared dataset's own figure, unrounded; null without one. */
    value: z.number().nullable(),
    /** Rounded quartiles over the contributors; null when the section is withheld. */
    p25: z.number().nullable(),
    median: z.number().nullable(),
    p75: z.number().nullable(),
  })
  .meta({ id: 'BenchmarkFigure' });
export type BenchmarkFigure = z.infer<typeof benchmarkFigure>;

export const benchmarkSection = z
  .object({
    /** Contributors to this section; null when withheld, so a count below the minimum is never published. */
    contributors: z.number().int().min(0).nullable(),
    withheld: z.boolean(),
    figures: z.array(benchmarkFigure),
  })
  .meta({ id: 'BenchmarkSection' });
export type BenchmarkSection = z.infer<typeof benchmarkSection>;

/** A US SOC 2018 major group's section, e.g. major "43". */
export const majorGroupBenchmark = benchmarkSection.extend({ major: z.string() }).meta({ id: 'MajorGroupBenchmark' });
export type MajorGroupBenchmark = z.infer<typeof majorGroupBenchmark>;

export const benchmarks = z
  .object({
    minimumContributors: z.number().int().min(1),
    rounding: z.record(benchmarkUnit, z.number()),
    /** True when a dataset's engagement was left out before counting. */
    excludedEngagement: z.boolean(),
    page: benchmarkSection,
    organisation: benchmarkSection,
    /** Groups in the compared dataset (published or withheld) and every other published group, by code. */
    majorGroups: z.array(majorGroupBenchmark),
    notes: z.array(z.string()),
  })
  .meta({ id: 'Benchmarks' });
export type Benchmarks = z.infer<typeof benchmarks>;

export const benchmarksReply = z.object({ benchmarks });
