import { Router } from 'express';
import { exportRecordBody } from '../../../schema/exports.ts';
import type { Database } from '../../db/connection.ts';
import { uuidParams } from '../../http/routeIds.ts';
import { userTransactions } from '../../http/transaction.ts';
import { parse } from '../../http/validate.ts';
import { recordExport } from '../../services/exports.ts';

/** POST /datasets/:id/exports: the browser says it made a deliverable; the server audits it. */
export function exportsRoutes(database: Database): Router {
  const router = Router();
  uuidParams(router, 'id');
  const tx = userTransactions(database);

  router.post('/datasets/:id/exports', async (req, res) => {
    const body = parse(exportRecordBody, req.body);
    await tx(req, (ctx) => recordExport(ctx, req.params.id, body));
    res.status(204).end();
  });

  return router;
}
