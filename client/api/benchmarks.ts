// GET /api/benchmarks, as server/routes/benchmarks defines it: quartiles over other clients' staff lists,
// with this dataset's own figures beside them and its engagement left out.
import { api } from './http.ts';
import { benchmarksReply, type Benchmarks } from '../../schema/api/benchmarks.ts';

export type { Benchmarks, BenchmarkFigure, BenchmarkSection, MajorGroupBenchmark } from '../../schema/api/benchmarks.ts';

export async function fetchBenchmarks(datasetId: string): Promise<Benchmarks> {
  return (await api.get(`/benchmarks?datasetId=${encodeURIComponent(datasetId)}`, benchmarksReply)).benchmarks;
}
