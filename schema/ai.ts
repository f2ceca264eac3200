import { z } from 'zod';

/**
 * What the AI routes answer (spec: Endpoints, Narrative rules, AI usage record): the narratives and
 * Ask on a dataset and the administrators' usage report (the prompt lab's test run: schema/api/promptLab.ts).
 * The server states its answers with these types; their schemas describe the replies (OpenAPI) and the browser
 * checks them by them.
 */
export const NARRATIVE_KINDS = ['exec-summary', 'lifecycle'] as const;
export type NarrativeKind = (typeof NARRATIVE_KINDS)[number];

/** Ask the data takes a question of 3 to 1,000 characters (trimmed); so does the prompt lab's Ask test. */
export const ASK_QUESTION = { min: 3, max: 1000 } as const;
/** The prompt lab tries the classifier on at most 50 titles, and cuts the raw reply it returns at 20,000 characters. */
export const LAB_TITLES = 50;
export const LAB_RAW_REPLY_MAX = 20_000;

export const AI_FEATURES = ['classify', 'exec-summary', 'lifecycle', 'ask', 'prompt-lab'] as const;
/** What a metered model call was for. */
export type AiFeature = (typeof AI_FEATURES)[number];

export const citation = z.object({ source: z.string(), detail: z.string().nullable() });
export type Citation = z.infer<typeof citation>;

export const lifecyclePhase = z.object({ key: z.string(), label: z.string(), headcount: z.number() });
export type LifecyclePhase = z.infer<typeof lifecyclePhase>;

/** The value chain: the report's own (rule-based) or one mapped by AI with its mapping report. */
const lifecycleView = z.object({
  label: z.string(),
  phases: z.array(lifecyclePhase),
  mapping: z.object({ roles: z.number(), evenlySpread: z.array(z.object({ role: z.string(), headcount: z.number() })) }).optional(),
});
export type LifecycleView = z.infer<typeof lifecycleView>;

/** What GET and POST /datasets/:id/ai/:kind and Ask answer: the text (or value chain), who wrote it, and how sure. */
export const narrativeResult = z
  .object({
    kind: z.enum([...NARRATIVE_KINDS, 'ask']),
    generated: z.enum(['ai', 'rules']),
    promptVersion: z.number().nullable(),
    confidence: z.number().nullable(),
    citations: z.array(citation),
    /** Present (true) only on AI text below the review threshold. */
    reviewRequired: z.literal(true).optional(),
    markdown: z.string().optional(),
    lifecycle: lifecycleView.optional(),
    createdAt: z.string().optional(),
    aiUnavailableReason: z.string().optional(),
    /** Why a model reply was refused and the rule-based text used instead. */
    rejectedReason: z.string().optional(),
  })
  .meta({ id: 'NarrativeResult' });
export type NarrativeResult = z.infer<typeof narrativeResult>;

/** GET and POST /datasets/:id/ai/:kind. */
export const narrativeReply = z.object({ output: narrativeResult });
/** POST /datasets/:id/ai/ask. */
export const askReply = z.object({ answer: narrativeResult });

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

const featureUsage = z.object({ calls: z.number(), inputTokens: z.number(), outputTokens: z.number(), spend: z.number() });
export type FeatureUsage = z.infer<typeof featureUsage>;

const aiFeature = z.enum(AI_FEATURES);

/** GET /admin/ai-usage. */
export const aiUsageReport = z
  .object({
    months: z.array(z.object({ month: z.string(), features: z.record(aiFeature, featureUsage), spend: z.number() })),
    features: z.array(aiFeature),
    monthToDate: z.number(),
    budget: z.object({ monthly: z.number(), remaining: z.number(), reached: z.boolean() }),
    model: z.string(),
    aiEnabled: z.boolean(),
    prices: z.object({ inputPerMTok: z.number(), outputPerMTok: z.number() }),
    askDailyLimit: z.number(),
  })
  .meta({ id: 'AiUsageReport' });
export type AiUsageReport = z.infer<typeof aiUsageReport>;
