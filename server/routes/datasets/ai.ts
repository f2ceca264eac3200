import { Router, type Request } from 'express';
import type { Database } from '../../db/connection.ts';
import { notFound } from '../../http/httpError.ts';
import { uuidParams } from '../../http/routeIds.ts';
import { userRunner, userTransactions } from '../../http/transaction.ts';
import { parse } from '../../http/validate.ts';
import type { AiRuntime } from '../../services/ai/availability.ts';
import { askData, generateNarrative, getNarrative } from '../../services/ai/narratives.ts';
import { askBody, narrativeKindParams } from './aiSchema.ts';

/** Executive summary, value chain and Ask the data on a ready dataset (spec: Endpoints, Narrative rules). */
export function datasetAiRoutes(database: Database, ai: AiRuntime): Router {
  const router = Router();
  uuidParams(router, 'id');
  const tx = userTransactions(database);
  const kindOf = (req: Request) => {
    const parsed = narrativeKindParams.safeParse(req.params);
    if (!parsed.success) throw notFound('AI output');
    return parsed.data.kind;
  };

  router.post('/datasets/:id/ai/ask', async (req, res) => {
    const { question } = parse(askBody, req.body);
    res.json({ answer: await askData(userRunner(database, req), ai, req.params.id, question) });
  });

  router.get('/datasets/:id/ai/:kind', async (req, res) => {
    const kind = kindOf(req);
    res.json({ output: await tx(req, (ctx) => getNarrative(ctx, req.params.id, kind)) });
  });

  router.post('/datasets/:id/ai/:kind', async (req, res) => {
    const kind = kindOf(req);
    res.json({ output: await generateNarrative(userRunner(database, req), ai, req.params.id, kind) });
  });

  return router;
}
