// Typed calls for the AI features: narratives and Ask on a dataset, and the administrators' prompts and usage.
import { api } from './api.ts';
import type { PromptDefinition, PromptIssue, PromptKey, PromptTemplate } from '../schema/prompts.ts';

export type NarrativeKind = 'exec-summary' | 'lifecycle';

export interface Citation {
  source: string;
  detail: string | null;
}

export interface LifecyclePhase {
  key: string;
  label: string;
  headcount: number;
}

/** The value chain: the report's own (rule-based) or one mapped by AI with its mapping report. */
export interface LifecycleView {
  label: string;
  phases: LifecyclePhase[];
  mapping?: { roles: number; evenlySpread: { role: string; headcount: number }[] };
}

export interface NarrativeOutput {
  kind: NarrativeKind | 'ask';
  generated: 'ai' | 'rules';
  promptVersion: number | null;
  confidence: number | null;
  citations: Citation[];
  reviewRequired?: true;
  markdown?: string;
  lifecycle?: LifecycleView;
  createdAt?: string;
  aiUnavailableReason?: string;
  rejectedReason?: string;
}

const aiPath = (datasetId: string, kind: string) => `/datasets/${encodeURIComponent(datasetId)}/ai/${kind}`;

export async function fetchNarrative(datasetId: string, kind: NarrativeKind): Promise<NarrativeOutput> {
  return (await api.get<{ output: NarrativeOutput }>(aiPath(datasetId, kind))).output;
}

/** 409 conflict when the dataset was rescored while the text was written. */
export async function generateNarrative(datasetId: string, kind: NarrativeKind): Promise<NarrativeOutput> {
  return (await api.post<{ output: NarrativeOutput }>(aiPath(datasetId, kind), {})).output;
}

/** 429 ai_budget_exceeded (budget spent or daily cap) or 503 ai_unavailable when AI cannot answer. */
export async function askData(datasetId: string, question: string): Promise<NarrativeOutput> {
  return (await api.post<{ answer: NarrativeOutput }>(aiPath(datasetId, 'ask'), { question })).answer;
}

export interface PromptVersion extends PromptTemplate {
  id: string;
  key: PromptKey;
  version: number | null;
  status: 'draft' | 'published';
  notes: string | null;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}

export interface PromptSummary {
  key: PromptKey;
  label: string;
  purpose: string;
  live: { version: number; publishedAt: string; model: string | null; notes: string | null } | null;
  draft: { updatedAt: string; issues: number } | null;
}

export interface PromptDetail {
  definition: PromptDefinition;
  versions: PromptVersion[];
  draft: PromptVersion | null;
  issues: PromptIssue[];
  allowedModels: string[];
  defaultModel: string;
}

export interface DraftSaved {
  draft: PromptVersion;
  issues: PromptIssue[];
}

const promptPath = (key: PromptKey) => `/admin/prompts/${key}`;

export async function listPrompts(): Promise<PromptSummary[]> {
  return (await api.get<{ prompts: PromptSummary[] }>('/admin/prompts')).prompts;
}

export const fetchPrompt = (key: PromptKey) => api.get<PromptDetail>(promptPath(key));
export const createPromptDraft = (key: PromptKey, from?: number) => api.post<DraftSaved>(`${promptPath(key)}/draft`, from === undefined ? {} : { from });
export const savePromptDraft = (key: PromptKey, patch: Partial<PromptTemplate> & { notes?: string | null }) => api.put<DraftSaved>(`${promptPath(key)}/draft`, patch);
export const publishPromptDraft = (key: PromptKey, notes: string) => api.post<{ version: PromptVersion }>(`${promptPath(key)}/draft/publish`, { notes });
export const discardPromptDraft = (key: PromptKey) => api.delete<void>(`${promptPath(key)}/draft`);

export interface LabDataset {
  id: string;
  name: string;
  engagementName: string;
  headcount: number | null;
  finalizedAt: string | null;
}

export async function listLabDatasets(): Promise<LabDataset[]> {
  return (await api.get<{ datasets: LabDataset[] }>('/admin/prompts/datasets')).datasets;
}

export interface LabRequest {
  version: number | 'draft';
  titles?: string[];
  industry?: string;
  region?: string;
  datasetId?: string;
  question?: string;
  dryRun: boolean;
}

export interface LabResult {
  dryRun: boolean;
  rendered: { system: string; user: string; model: string; temperature: number; maxOutputTokens: number };
  aiUnavailableReason?: string;
  model?: string;
  usage?: { inputTokens: number; outputTokens: number } | null;
  outcome?: {
    accepted: boolean;
    summary: string | null;
    classifications?: { title: string; usSoc2018: string; ukSoc2020: string; confidence: number }[];
    lifecycle?: { phases: LifecyclePhase[]; roles: number; evenlySpread: number };
    markdown?: string;
  };
  raw?: string | null;
  rawTruncated?: boolean;
}

export const testPrompt = (key: PromptKey, request: LabRequest) => api.post<LabResult>(`${promptPath(key)}/test`, request);

export type AiFeature = 'classify' | 'exec-summary' | 'lifecycle' | 'ask' | 'prompt-lab';

export interface FeatureUsage {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  spend: number;
}

export interface AiUsageReport {
  months: { month: string; features: Record<AiFeature, FeatureUsage>; spend: number }[];
  features: AiFeature[];
  monthToDate: number;
  budget: { monthly: number; remaining: number; reached: boolean };
  model: string;
  aiEnabled: boolean;
  prices: { inputPerMTok: number; outputPerMTok: number };
  askDailyLimit: number;
}

export const fetchAiUsage = () => api.get<AiUsageReport>('/admin/ai-usage');
