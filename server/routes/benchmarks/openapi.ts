import type { RouteArea } from '../../http/openapi.ts';
import { benchmarksQuery } from './schema.ts';
import { benchmarksReply } from '../../../schema/api/benchmarks.ts';

export const benchmarksApi: RouteArea = {
  tag: 'Benchmarks',
  routes: {
    'GET /benchmarks': { summary: "Cross-engagement quartiles under the benchmark rules; the given dataset's engagement is left out", who: 'signed in', query: benchmarksQuery, reply: benchmarksReply },
  },
};
