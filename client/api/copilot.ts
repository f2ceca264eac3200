// Typed calls for Copilot plans, as server/routes/copilotPlans defines them.
import type { CopilotPlanBody, CopilotPlanConfig } from '../../schema/copilotPlan.ts';
import { api } from './http.ts';

export interface CopilotPlan {
  id: string;
  datasetId: string;
  name: string;
  config: CopilotPlanConfig;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export async function listCopilotPlans(datasetId: string): Promise<CopilotPlan[]> {
  return (await api.get<{ plans: CopilotPlan[] }>(`/datasets/${encodeURIComponent(datasetId)}/copilot-plans`)).plans;
}

export async function createCopilotPlan(datasetId: string, body: CopilotPlanBody): Promise<CopilotPlan> {
  return (await api.post<{ plan: CopilotPlan }>(`/datasets/${encodeURIComponent(datasetId)}/copilot-plans`, body)).plan;
}

export async function updateCopilotPlan(id: string, body: CopilotPlanBody): Promise<CopilotPlan> {
  return (await api.put<{ plan: CopilotPlan }>(`/copilot-plans/${encodeURIComponent(id)}`, body)).plan;
}

export function deleteCopilotPlan(id: string): Promise<void> {
  return api.delete<void>(`/copilot-plans/${encodeURIComponent(id)}`);
}
