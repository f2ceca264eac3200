import { computeBenchmarks, readBenchmarkSummary, type Benchmarks, type BenchmarkSummary } from '../../workers/benchmarks/benchmarks.ts';
import { listBenchmarkSummaries } from '../repositories/benchmarksRepository.ts';
import type { ServiceContext } from './context.ts';
import { requireDataset } from './datasetAccess.ts';

/**
 * GET /benchmarks: any signed-in user sees the quartiles. With a dataset (which the caller must be a
 * member of, else 404), its engagement is left out before counting and its own figures are set beside
 * the quartiles; a dataset without a summary yet is compared with nothing but still excludes its engagement.
 */
export async function benchmarks(ctx: ServiceContext, datasetId: string | undefined): Promise<Benchmarks> {
  let excluded: string | null = null;
  let compared: BenchmarkSummary | null = null;
  if (datasetId !== undefined) {
    const { dataset } = await requireDataset(ctx, datasetId);
    excluded = dataset.engagementId;
    compared = dataset.summary === null ? null : readBenchmarkSummary(dataset.summary);
  }
  const contributors = (await listBenchmarkSummaries(ctx.tx, excluded))
    .map(readBenchmarkSummary)
    .filter((s): s is BenchmarkSummary => s !== null);
  return computeBenchmarks(contributors, compared, { excludedEngagement: excluded !== null });
}
