// Typed calls for Copilot plans, as server/routes/copilotPlans defines them.
import type { CopilotPlanBody } from '../../schema/copilotPlan.ts';
import { api } from './http.ts';
import { copilotPlanReply, copilotPlansReply, type CopilotPlan } from '../../schema/api/copilotPlans.ts';

export type { CopilotPlan };

export async function listCopilotPlans(datasetId: string): Promise<CopilotPlan[]> {
  return (await api.get(`/datasets/${encodeURIComponent(datasetId)}/copilot-plans`, copilotPlansReply)).plans;
}

export async function createCopilotPlan(datasetId: string, body: CopilotPlanBody): Promise<CopilotPlan> {
  return (await api.post(`/datasets/${encodeURIComponent(datasetId)}/copilot-plans`, body, copilotPlanReply)).plan;
}

export async function updateCopilotPlan(id: string, body: CopilotPlanBody): Promise<CopilotPlan> {
  return (await api.put(`/copilot-plans/${encodeURIComponent(id)}`, body, copilotPlanReply)).plan;
}

export function deleteCopilotPlan(id: string): Promise<void> {
  return api.delete<void>(`/copilot-plans/${encodeURIComponent(id)}`);
}
