import { Router } from 'express';
import { copilotPlanBody } from '../../../schema/copilotPlan.ts';
import type { Database } from '../../db/connection.ts';
import { uuidParams } from '../../http/routeIds.ts';
import { userTransactions } from '../../http/transaction.ts';
import { parse } from '../../http/validate.ts';
import type { CopilotPlan } from '../../repositories/copilotPlansRepository.ts';
import { createPlan, deletePlan, getPlan, listPlans, updatePlan } from '../../services/copilotPlans.ts';
import type { CopilotPlan as PresentedPlan } from '../../../schema/api/copilotPlans.ts';

const present = ({ engagementId: _engagement, ...plan }: CopilotPlan): PresentedPlan => plan;

export function copilotPlansRoutes(database: Database): Router {
  const router = Router();
  uuidParams(router, 'id');
  const tx = userTransactions(database);

  router.get('/datasets/:id/copilot-plans', async (req, res) => {
    res.json({ plans: (await tx(req, (ctx) => listPlans(ctx, req.params.id))).map(present) });
  });

  router.post('/datasets/:id/copilot-plans', async (req, res) => {
    const body = parse(copilotPlanBody, req.body);
    res.status(201).json({ plan: present(await tx(req, (ctx) => createPlan(ctx, req.params.id, body))) });
  });

  router.get('/copilot-plans/:id', async (req, res) => {
    res.json({ plan: present(await tx(req, (ctx) => getPlan(ctx, req.params.id))) });
  });

  router.put('/copilot-plans/:id', async (req, res) => {
    const body = parse(copilotPlanBody, req.body);
    res.json({ plan: present(await tx(req, (ctx) => updatePlan(ctx, req.params.id, body))) });
  });

  router.delete('/copilot-plans/:id', async (req, res) => {
    await tx(req, (ctx) => deletePlan(ctx, req.params.id));
    res.status(204).end();
  });

  return router;
}
