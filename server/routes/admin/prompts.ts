import { Router, type Request } from 'express';
import type { Database } from '../../db/connection.ts';
import { notFound } from '../../http/httpError.ts';
import { userRunner, userTransactions } from '../../http/transaction.ts';
import { parse } from '../../http/validate.ts';
import type { AiRuntime } from '../../services/ai/availability.ts';
import { createPromptDraft, discardPromptDraft, listPrompts, promptDetail, publishPrompt, savePromptDraft } from '../../services/ai/promptAdmin.ts';
import { labDatasets, testPrompt } from '../../services/ai/promptLab.ts';
import { createDraftBody, promptKeyParams, publishBody, saveDraftBody, testBody } from './promptsSchema.ts';
import type { LabDatasetsReply } from '../../../schema/prompts.ts';
import type { LabResult } from '../../../schema/api/promptLab.ts';

/** Prompts (admin only): versions, drafts, publication and the prompt lab (spec: Endpoints, Prompts). */
export function adminPromptsRoutes(database: Database, ai: AiRuntime): Router {
  const router = Router();
  const tx = userTransactions(database);
  const keyOf = (req: Request) => {
    const parsed = promptKeyParams.safeParse(req.params);
    if (!parsed.success) throw notFound('Prompt');
    return parsed.data.key;
  };

  router.get('/admin/prompts', async (req, res) => {
    res.json({ prompts: await tx(req, (ctx) => listPrompts(ctx, ai)) });
  });

  router.get('/admin/prompts/datasets', async (req, res) => {
    const reply: LabDatasetsReply = { datasets: await tx(req, (ctx) => labDatasets(ctx)) };
    res.json(reply);
  });

  router.get('/admin/prompts/:key', async (req, res) => {
    const key = keyOf(req);
    res.json(await tx(req, (ctx) => promptDetail(ctx, ai, key)));
  });

  router.post('/admin/prompts/:key/draft', async (req, res) => {
    const key = keyOf(req);
    const { from } = parse(createDraftBody, req.body ?? {});
    res.status(201).json(await tx(req, (ctx) => createPromptDraft(ctx, ai, key, from)));
  });

  router.put('/admin/prompts/:key/draft', async (req, res) => {
    const key = keyOf(req);
    const patch = parse(saveDraftBody, req.body);
    res.json(await tx(req, (ctx) => savePromptDraft(ctx, ai, key, patch)));
  });

  router.post('/admin/prompts/:key/draft/publish', async (req, res) => {
    const key = keyOf(req);
    const { notes } = parse(publishBody, req.body);
    res.json(await tx(req, (ctx) => publishPrompt(ctx, ai, key, notes)));
  });

  router.delete('/admin/prompts/:key/draft', async (req, res) => {
    const key = keyOf(req);
    await tx(req, (ctx) => discardPromptDraft(ctx, key));
    res.status(204).end();
  });

  router.post('/admin/prompts/:key/test', async (req, res) => {
    const key = keyOf(req);
    const input = parse(testBody, req.body);
    const reply: LabResult = await testPrompt(userRunner(database, req), ai, key, input);
    res.json(reply);
  });

  return router;
}
