/**
 * What the AI routes answer (spec: Endpoints, Narrative rules, AI usage record): the narratives and
 * Ask on a dataset, the prompt lab's test run and the administrators' usage report. Types only (and
 * one list), so the server states its answers with them and the browser reads them without a copy.
 */
export type NarrativeKind = 'exec-summary' | 'lifecycle';

/** Ask the data takes a question of 3 to 1,000 characters (trimmed); so does the prompt lab's Ask test. */
export const ASK_QUESTION = { min: 3, max: 1000 } as const;
/** The prompt lab tries the classifier on at most 50 titles, and cuts the raw reply it returns at 20,000 characters. */
export const LAB_TITLES = 50;
export const LAB_RAW_REPLY_MAX = 20_000;

export const AI_FEATURES = ['classify', 'exec-summary', 'lifecycle', 'ask', 'prompt-lab'] as const;
/** What a metered model call was for. */
export type AiFeature = (typeof AI_FEATURES)[number];

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

/** What GET and POST /datasets/:id/ai/:kind and Ask answer: the text (or value chain), who wrote it, and how sure. */
export interface NarrativeResult {
  kind: NarrativeKind | 'ask';
  generated: 'ai' | 'rules';
  promptVersion: number | null;
  confidence: number | null;
  citations: Citation[];
  /** Present (true) only on AI text below the review threshold. */
  reviewRequired?: true;
  markdown?: string;
  lifecycle?: LifecycleView;
  createdAt?: string;
  aiUnavailableReason?: string;
  /** Why a model reply was refused and the rule-based text used instead. */
  rejectedReason?: string;
}

/** The body of POST /admin/prompts/:key/test. */
export interface LabRequest {
  version: number | 'draft';
  titles?: string[];
  industry?: string;
  region?: string;
  datasetId?: string;
  question?: string;
  dryRun: boolean;
}

/** The production parser's verdict on a test run's reply. */
export interface LabOutcome {
  accepted: boolean;
  summary: string | null;
  classifications?: { title: string; i: number; usSoc2018: string; ukSoc2020: string; confidence: number }[];
  lifecycle?: { phases: LifecyclePhase[]; roles: number; evenlySpread: number; confidence: number };
  markdown?: string;
  confidence?: number;
  citations?: Citation[];
}

export interface LabResult {
  dryRun: boolean;
  rendered: { system: string; user: string; model: string; temperature: number; maxOutputTokens: number };
  aiUnavailableReason?: string;
  model?: string;
  usage?: { inputTokens: number; outputTokens: number } | null;
  outcome?: LabOutcome;
  raw?: string | null;
  rawTruncated?: boolean;
}

export interface FeatureUsage {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  spend: number;
}

/** GET /admin/ai-usage. */
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
