import { randomUUID } from 'node:crypto';
import type { CopilotPlanBody } from '../../schema/copilotPlan.ts';
import { invalid, notFound } from '../http/httpError.ts';
import { deletePlan as removePlan, findPlan, insertPlan, listPlans as selectPlans, updatePlan as writePlan, type CopilotPlan } from '../repositories/copilotPlansRepository.ts';
import { recordAudit } from './audit.ts';
import type { ServiceContext } from './context.ts';
import { requireDataset, requireDatasetStatus, type DatasetAccess } from './datasetAccess.ts';
import { compiledReference } from './reference.ts';

/**
 * Copilot licence plans: a name and a config per dataset. Members read them; leads and analysts of an
 * active engagement write them, on a ready dataset. The allocation itself is computed from the dataset's
 * current scores wherever a plan is shown (workers/copilot), so a rescore is reflected without rewriting plans.
 */

export async function listPlans(ctx: ServiceContext, datasetId: string): Promise<CopilotPlan[]> {
  await requireDataset(ctx, datasetId);
  return selectPlans(ctx.tx, datasetId);
}

/** A plan through its dataset's access rules: a non-member gets 404, as for the dataset. */
async function requirePlan(ctx: ServiceContext, planId: string, options: { write?: boolean } = {}): Promise<{ plan: CopilotPlan; access: DatasetAccess }> {
  const plan = await findPlan(ctx.tx, planId);
  if (!plan) throw notFound('Copilot plan');
  const access = await requireDataset(ctx, plan.datasetId, options);
  return { plan, access };
}

export async function getPlan(ctx: ServiceContext, planId: string): Promise<CopilotPlan> {
  return (await requirePlan(ctx, planId)).plan;
}

/** Licensed tiers must be tiers of the dataset's pinned reference version. */
async function checkTiers(ctx: ServiceContext, access: DatasetAccess, body: CopilotPlanBody): Promise<void> {
  const reference = await compiledReference(ctx.tx, access.dataset.referenceVersion);
  const known = new Set(reference.data.copilot.tiers.map((t) => t.key));
  const issues = body.config.licensedTiers.flatMap((tier, i) =>
    known.has(tier) ? [] : [{ path: `config.licensedTiers.${i}`, message: `Unknown Copilot tier "${tier}" in reference version ${access.dataset.referenceVersion}.` }],
  );
  if (issues.length > 0) throw invalid(issues);
}

const auditDetails = (plan: { id: string; config: CopilotPlanBody['config'] }, created: boolean) => ({
  planId: plan.id,
  created,
  licenceCount: plan.config.licenceCount,
  licensedTiers: plan.config.licensedTiers,
  pilotGroups: plan.config.pilotGroups.length,
});

export async function createPlan(ctx: ServiceContext, datasetId: string, body: CopilotPlanBody): Promise<CopilotPlan> {
  const access = await requireDataset(ctx, datasetId, { write: true });
  requireDatasetStatus(access.dataset, ['ready'], 'planning Copilot licences');
  await checkTiers(ctx, access, body);
  const id = randomUUID();
  await insertPlan(ctx.tx, { id, datasetId, engagementId: access.dataset.engagementId, name: body.name, config: body.config, createdBy: ctx.actor.id });
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'copilot_plan_saved', engagementId: access.dataset.engagementId, datasetId, details: auditDetails({ id, config: body.config }, true) });
  return (await findPlan(ctx.tx, id))!;
}

export async function updatePlan(ctx: ServiceContext, planId: string, body: CopilotPlanBody): Promise<CopilotPlan> {
  const { plan, access } = await requirePlan(ctx, planId, { write: true });
  requireDatasetStatus(access.dataset, ['ready'], 'planning Copilot licences');
  await checkTiers(ctx, access, body);
  await writePlan(ctx.tx, planId, body);
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'copilot_plan_saved', engagementId: plan.engagementId, datasetId: plan.datasetId, details: auditDetails({ id: planId, config: body.config }, false) });
  return (await findPlan(ctx.tx, planId))!;
}

export async function deletePlan(ctx: ServiceContext, planId: string): Promise<void> {
  const { plan } = await requirePlan(ctx, planId, { write: true });
  await removePlan(ctx.tx, planId);
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'copilot_plan_deleted', engagementId: plan.engagementId, datasetId: plan.datasetId, details: { planId } });
}
