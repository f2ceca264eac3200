// GET /api/benchmarks, as server/routes/benchmarks defines it: quartiles over other clients' staff lists,
// with this dataset's own figures beside them and its engagement left out.
import { api } from './http.ts';
import type { Benchmarks } from '../../workers/benchmarks/benchmarks.ts';

export type { Benchmarks, BenchmarkFigure, BenchmarkSection, MajorGroupBenchmark } from '../../workers/benchmarks/benchmarks.ts';

export async function fetchBenchmarks(datasetId: string): Promise<Benchmarks> {
  return (await api.get<{ benchmarks: Benchmarks }>(`/benchmarks?datasetId=${encodeURIComponent(datasetId)}`)).benchmarks;
}
