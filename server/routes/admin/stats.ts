import type { PlatformStats } from '../../../schema/api/users.ts';
import { Router } from 'express';
import type { Database } from '../../db/connection.ts';
import { inUserTransaction } from '../../http/transaction.ts';
import { platformStats } from '../../services/adminStats.ts';

export function adminStatsRoutes(database: Database): Router {
  const router = Router();
  router.get('/admin/stats', async (req, res) => {
    const stats: PlatformStats = await inUserTransaction(database, req, (ctx) => platformStats(ctx));
    res.json({ stats });
  });
  return router;
}
