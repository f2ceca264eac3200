import { Router } from 'express';
import type { Database } from '../../db/connection.ts';
import { inUserTransaction } from '../../http/transaction.ts';
import type { AiRuntime } from '../../services/ai/availability.ts';
import { aiUsageReport } from '../../services/ai/usage.ts';

export function adminAiUsageRoutes(database: Database, ai: AiRuntime): Router {
  const router = Router();
  router.get('/admin/ai-usage', async (req, res) => {
    res.json(await inUserTransaction(database, req, (ctx) => aiUsageReport(ctx, ai)));
  });
  return router;
}
