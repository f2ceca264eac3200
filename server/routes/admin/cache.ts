import { Router } from 'express';
import type { Database } from '../../db/connection.ts';
import { userTransactions } from '../../http/transaction.ts';
import { parse } from '../../http/validate.ts';
import { deleteSharedCacheEntry, listSharedCache, verifySharedCacheEntry } from '../../services/adminCache.ts';
import { cacheDeleteBody, cacheQuery, cacheVerifyBody } from './cacheSchema.ts';
import type { SharedCachePage } from '../../../schema/cache.ts';

export function adminCacheRoutes(database: Database): Router {
  const router = Router();
  const tx = userTransactions(database);

  router.get('/admin/cache', async (req, res) => {
    const query = parse(cacheQuery, req.query, 'query');
    const page = await tx(req, (ctx) => listSharedCache(ctx, query));
    const reply: SharedCachePage = { ...page, offset: query.offset, limit: query.limit };
    res.json(reply);
  });

  router.patch('/admin/cache', async (req, res) => {
    const body = parse(cacheVerifyBody, req.body);
    res.json({ entry: await tx(req, (ctx) => verifySharedCacheEntry(ctx, body)) });
  });

  router.delete('/admin/cache', async (req, res) => {
    const body = parse(cacheDeleteBody, req.body);
    await tx(req, (ctx) => deleteSharedCacheEntry(ctx, body));
    res.status(204).end();
  });

  return router;
}
