import { Router } from 'express';
import type { Database } from '../../db/connection.ts';
import { inUserTransaction } from '../../http/transaction.ts';
import { parse } from '../../http/validate.ts';
import { platformAuditTrail } from '../../services/auditTrail.ts';
import { auditQuery } from './schema.ts';
import type { AuditPage } from '../../../schema/api/audit.ts';

export function adminAuditRoutes(database: Database): Router {
  const router = Router();
  router.get('/admin/audit', async (req, res) => {
    const query = parse(auditQuery, req.query, 'query');
    const page = await inUserTransaction(database, req, (ctx) => platformAuditTrail(ctx, query));
    const reply: AuditPage = { ...page, offset: query.offset, limit: query.limit };
    res.json(reply);
  });
  return router;
}
