// Typed calls for the AI features: narratives and Ask on a dataset, and the administrators' prompts and usage.
import { api } from './http.ts';
import { aiUsageReport, askReply, narrativeReply, type LabRequest, type NarrativeKind, type NarrativeResult } from '../../schema/ai.ts';
import { labResult } from '../../schema/api/promptLab.ts';
import { draftSaved, labDatasetsReply, promptDetail, promptsReply, publishedPromptReply, type LabDataset, type PromptKey, type PromptSummary, type PromptTemplate } from '../../schema/prompts.ts';

// The answers' types live in schema/, shared with the server that states them.
export type { AiFeature, AiUsageReport, NarrativeKind, NarrativeResult } from '../../schema/ai.ts';
export type { LabResult } from '../../schema/api/promptLab.ts';
export type { PromptDetail, PromptSummary, PromptVersion } from '../../schema/prompts.ts';

const aiPath = (datasetId: string, kind: string) => `/datasets/${encodeURIComponent(datasetId)}/ai/${kind}`;

export async function fetchNarrative(datasetId: string, kind: NarrativeKind): Promise<NarrativeResult> {
  return (await api.get(aiPath(datasetId, kind), narrativeReply)).output;
}

/** 409 conflict when the dataset was rescored while the text was written. */
export async function generateNarrative(datasetId: string, kind: NarrativeKind): Promise<NarrativeResult> {
  return (await api.post(aiPath(datasetId, kind), {}, narrativeReply)).output;
}

/** 429 ai_budget_exceeded (budget spent or daily cap) or 503 ai_unavailable when AI cannot answer. */
export async function askData(datasetId: string, question: string): Promise<NarrativeResult> {
  return (await api.post(aiPath(datasetId, 'ask'), { question }, askReply)).answer;
}

const promptPath = (key: PromptKey) => `/admin/prompts/${key}`;

export async function listPrompts(): Promise<PromptSummary[]> {
  return (await api.get('/admin/prompts', promptsReply)).prompts;
}

export const fetchPrompt = (key: PromptKey) => api.get(promptPath(key), promptDetail);
export const createPromptDraft = (key: PromptKey, from?: number) => api.post(`${promptPath(key)}/draft`, from === undefined ? {} : { from }, draftSaved);
export const savePromptDraft = (key: PromptKey, patch: Partial<PromptTemplate> & { notes?: string | null }) => api.put(`${promptPath(key)}/draft`, patch, draftSaved);
export const publishPromptDraft = (key: PromptKey, notes: string) => api.post(`${promptPath(key)}/draft/publish`, { notes }, publishedPromptReply);
export const discardPromptDraft = (key: PromptKey) => api.delete<void>(`${promptPath(key)}/draft`);

export type { LabDataset };

export async function listLabDatasets(): Promise<LabDataset[]> {
  return (await api.get('/admin/prompts/datasets', labDatasetsReply)).datasets;
}

export const testPrompt = (key: PromptKey, request: LabRequest) => api.post(`${promptPath(key)}/test`, request, labResult);

export const fetchAiUsage = () => api.get('/admin/ai-usage', aiUsageReport);
