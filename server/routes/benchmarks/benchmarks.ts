import { Router } from 'express';
import type { Database } from '../../db/connection.ts';
import { userTransactions } from '../../http/transaction.ts';
import { parse } from '../../http/validate.ts';
import { benchmarks } from '../../services/benchmarks.ts';
import { benchmarksQuery } from './schema.ts';

export function benchmarksRoutes(database: Database): Router {
  const router = Router();
  const tx = userTransactions(database);

  router.get('/benchmarks', async (req, res) => {
    const { datasetId } = parse(benchmarksQuery, req.query, 'query');
    res.json({ benchmarks: await tx(req, (ctx) => benchmarks(ctx, datasetId)) });
  });

  return router;
}
