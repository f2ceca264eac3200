import { Router } from 'express';
import type { Database } from '../../db/connection.ts';
import { notFound } from '../../http/httpError.ts';
import { userTransactions } from '../../http/transaction.ts';
import { parse } from '../../http/validate.ts';
import {
  createReferenceDraft,
  currentReference,
  discardReferenceDraft,
  getReferenceDraft,
  publishReferenceDraft,
  referenceOverview,
  referenceVersion,
  saveReferenceDraft,
  type DraftChange,
} from '../../services/reference.ts';
import { createDraftBody, publishBody, saveDraftBody, versionParam } from './schema.ts';

export function referenceRoutes(database: Database): Router {
  const router = Router();
  const tx = userTransactions(database);

  router.get('/reference', async (req, res) => {
    res.json(await tx(req, (ctx) => currentReference(ctx.tx)));
  });

  router.get('/reference/versions/:version', async (req, res) => {
    const version = versionParam.safeParse(req.params.version);
    if (!version.success) throw notFound('Reference version');
    res.json(await tx(req, (ctx) => referenceVersion(ctx, version.data)));
  });

  router.get('/admin/reference', async (req, res) => {
    res.json(await tx(req, (ctx) => referenceOverview(ctx)));
  });

  router.post('/admin/reference/draft', async (req, res) => {
    const { basedOn } = parse(createDraftBody, req.body);
    res.status(201).json({ draft: await tx(req, (ctx) => createReferenceDraft(ctx, basedOn)) });
  });

  router.get('/admin/reference/draft', async (req, res) => {
    res.json({ draft: await tx(req, (ctx) => getReferenceDraft(ctx)) });
  });

  router.put('/admin/reference/draft', async (req, res) => {
    const change = parse(saveDraftBody, req.body) as DraftChange;
    res.json({ draft: await tx(req, (ctx) => saveReferenceDraft(ctx, change)) });
  });

  router.post('/admin/reference/draft/publish', async (req, res) => {
    const { notes } = parse(publishBody, req.body);
    res.json(await tx(req, (ctx) => publishReferenceDraft(ctx, notes)));
  });

  router.delete('/admin/reference/draft', async (req, res) => {
    await tx(req, (ctx) => discardReferenceDraft(ctx));
    res.status(204).end();
  });

  return router;
}
