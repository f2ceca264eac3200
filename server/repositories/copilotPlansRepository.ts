import type { Tx } from '../db/connection.ts';
import { bindJson, nowIso, readIso, readJson } from '../db/convert.ts';
import type { CopilotPlanConfig } from '../../schema/copilotPlan.ts';

export interface CopilotPlan {
  id: string;
  datasetId: string;
  engagementId: string;
  name: string;
  config: CopilotPlanConfig;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

const columns = ['id', 'dataset_id', 'engagement_id', 'name', 'config', 'created_by', 'created_at', 'updated_at'] as const;

function toPlan(r: Record<(typeof columns)[number], unknown>): CopilotPlan {
  return {
    id: r.id as string,
    datasetId: r.dataset_id as string,
    engagementId: r.engagement_id as string,
    name: r.name as string,
    config: readJson(r.config),
    createdBy: r.created_by as string,
    createdAt: readIso(r.created_at),
    updatedAt: readIso(r.updated_at),
  };
}

export async function listPlans(tx: Tx, datasetId: string): Promise<CopilotPlan[]> {
  const rows = await tx.selectFrom('copilot_plans').select(columns).where('dataset_id', '=', datasetId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toPlan);
}

export async function findPlan(tx: Tx, id: string): Promise<CopilotPlan | null> {
  const row = await tx.selectFrom('copilot_plans').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? toPlan(row) : null;
}

export async function insertPlan(tx: Tx, plan: Omit<CopilotPlan, 'createdAt' | 'updatedAt'>): Promise<void> {
  const now = nowIso();
  await tx
    .insertInto('copilot_plans')
    .values({
      id: plan.id,
      dataset_id: plan.datasetId,
      engagement_id: plan.engagementId,
      name: plan.name,
      config: bindJson(plan.config),
      created_by: plan.createdBy,
      created_at: now,
      updated_at: now,
    } as never)
    .execute();
}

export async function updatePlan(tx: Tx, id: string, change: { name: string; config: CopilotPlanConfig }): Promise<void> {
  await tx
    .updateTable('copilot_plans')
    .set({ name: change.name, config: bindJson(change.config), updated_at: nowIso() } as never)
    .where('id', '=', id)
    .execute();
}

export async function deletePlan(tx: Tx, id: string): Promise<void> {
  await tx.deleteFrom('copilot_plans').where('id', '=', id).execute();
}
