import type { NarrativeKind, NarrativeResult } from '../../../schema/ai.ts';
import type { PromptVersion } from '../../../schema/prompts.ts';
import type { DatasetSummary } from '../../../schema/datasetSummary.ts';
import type { Tx } from '../../db/connection.ts';
import { conflict, HttpError } from '../../http/httpError.ts';
import { countAskCalls } from '../../repositories/aiUsageRepository.ts';
import { findAiOutput, saveAiOutput } from '../../repositories/aiOutputsRepository.ts';
import { findClient } from '../../repositories/clientsRepository.ts';
import type { Dataset } from '../../repositories/datasetsRepository.ts';
import type { Engagement } from '../../repositories/engagementsRepository.ts';
import { livePromptVersion } from '../../repositories/promptsRepository.ts';
import { recordAudit } from '../audit.ts';
import type { ServiceContext, TransactionRunner } from '../context.ts';
import { requireDataset, requireDatasetStatus } from '../datasetAccess.ts';
import { aiUnavailable, providerFailed, unavailableError, type AiRuntime, type AiUnavailable } from './availability.ts';
import { ASK_REFUSAL, ruleBasedSummary } from './fallbacks.ts';
import { largestRoleTypes, narrativeFacts, type NarrativeFacts, type RoleType } from './facts.ts';
import {
  LIFECYCLE_RESPONSE_SCHEMA,
  NARRATIVE_RESPONSE_SCHEMA,
  NARRATIVE_REVIEW_BELOW,
  parseLifecycleResponse,
  parseNarrativeEnvelope,
  type AiLifecycle,
  type Judged,
  type Narrative,
} from './narrativeResponse.ts';
import { promptRequest } from './promptRequest.ts';
import { ModelCallError, modelToken, type ModelReply, type ModelRequest } from './provider.ts';
import { meterReply } from './usage.ts';

export type PromptKind = NarrativeResult['kind'];

export const citationSourceOf = (datasetId: string) => `dataset:${datasetId}`;

/** The inputs production renders a narrative prompt with; the prompt lab builds them the same way. */
export interface NarrativeInputs {
  values: Record<string, string>;
  facts: NarrativeFacts;
  roles: RoleType[];
  citationSourceId: string;
}

/** `roles` replaces the dataset's own role types (the prompt lab offers the summary's, which administrators may read). */
export async function narrativeInputs(tx: Tx, dataset: Dataset, engagement: Engagement, kind: PromptKind, options: { question?: string; roles?: RoleType[] } = {}): Promise<NarrativeInputs> {
  const client = engagement.clientId ? await findClient(tx, engagement.clientId) : null;
  const sector = client?.sector ?? null;
  const facts = narrativeFacts(dataset.name, sector, dataset.summary as unknown as DatasetSummary);
  const citationSourceId = citationSourceOf(dataset.id);
  if (kind === 'lifecycle') {
    const roles = options.roles ?? (await largestRoleTypes(tx, dataset.id));
    const listed = JSON.stringify(roles.map((r) => ({ role: r.role, headcount: r.headcount })), null, 1);
    return { values: { sector: sector ?? 'not stated', roles: listed, citationSourceId }, facts, roles, citationSourceId };
  }
  const values: Record<string, string> = { facts: JSON.stringify(facts, null, 1), citationSourceId };
  if (kind === 'ask') values.question = options.question ?? '';
  return { values, facts, roles: [], citationSourceId };
}

export function narrativeRequest(prompt: PromptVersion, defaultModel: string, kind: PromptKind, inputs: NarrativeInputs): ModelRequest {
  return promptRequest(prompt, defaultModel, inputs.values, kind === 'lifecycle' ? LIFECYCLE_RESPONSE_SCHEMA : NARRATIVE_RESPONSE_SCHEMA);
}

/** The production parser of each narrative prompt. */
export function judgeNarrative(kind: PromptKind, text: string, inputs: NarrativeInputs): Judged<Narrative | AiLifecycle> {
  return kind === 'lifecycle' ? parseLifecycleResponse(text, inputs.roles, inputs.citationSourceId) : parseNarrativeEnvelope(text, inputs.citationSourceId, inputs.facts);
}

async function readyDataset(ctx: ServiceContext, datasetId: string, write: boolean) {
  const access = await requireDataset(ctx, datasetId, { write });
  // AI routes need a ready dataset; a purged or unfinished one answers 409.
  requireDatasetStatus(access.dataset, ['ready'], 'AI text');
  return access;
}

function ruleBased(kind: NarrativeKind, dataset: Dataset): NarrativeResult {
  const summary = dataset.summary as unknown as DatasetSummary;
  const base = { kind, generated: 'rules' as const, promptVersion: null, confidence: null, citations: [] };
  return kind === 'exec-summary' ? { ...base, markdown: ruleBasedSummary(dataset.name, summary) } : { ...base, lifecycle: summary.lifecycle };
}

const reviewFlag = (confidence: number) => (confidence < NARRATIVE_REVIEW_BELOW ? { reviewRequired: true as const } : {});

function fromAi(kind: PromptKind, promptVersion: number, value: Narrative | AiLifecycle, createdAt?: string): NarrativeResult {
  const { confidence, citations } = value;
  const text = 'markdown' in value ? { markdown: value.markdown } : { lifecycle: { label: value.label, phases: value.phases, mapping: value.mapping } };
  return { kind, generated: 'ai', promptVersion, confidence, citations, ...reviewFlag(confidence), ...text, ...(createdAt && { createdAt }) };
}

/** GET /datasets/:id/ai/:kind: the cached AI text, else the rule-based one; never calls the model. */
export async function getNarrative(ctx: ServiceContext, datasetId: string, kind: NarrativeKind): Promise<NarrativeResult> {
  const { dataset } = await readyDataset(ctx, datasetId, false);
  const cached = await findAiOutput(ctx.tx, datasetId, kind);
  if (!cached || cached.promptVersion === null) return ruleBased(kind, dataset);
  return fromAi(kind, cached.promptVersion, cached.content as unknown as Narrative | AiLifecycle, cached.createdAt);
}

interface Prepared {
  dataset: Dataset;
  engagement: Engagement;
  prompt: PromptVersion | null;
  inputs: NarrativeInputs | null;
  unavailable: AiUnavailable | null;
}

const startOfUtcDay = (now = new Date()) => `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;

/** Ask's cap per person per UTC day, checked after access (an outsider gets 404, not 429) and before the budget. */
async function requireAskAllowance(ctx: ServiceContext, ai: AiRuntime): Promise<void> {
  if ((await countAskCalls(ctx.tx, ctx.actor.id, startOfUtcDay())) >= ai.config.askDailyLimit) {
    throw new HttpError(429, 'ai_budget_exceeded', `You have asked ${ai.config.askDailyLimit} questions today, the daily limit; it resets at midnight UTC.`);
  }
}

async function prepare(ctx: ServiceContext, ai: AiRuntime, datasetId: string, kind: PromptKind, write: boolean, question?: string): Promise<Prepared> {
  const { dataset, engagement } = await readyDataset(ctx, datasetId, write);
  if (kind === 'ask') await requireAskAllowance(ctx, ai);
  const unavailable = await aiUnavailable(ctx.tx, ai);
  if (unavailable) return { dataset, engagement, prompt: null, inputs: null, unavailable };
  const prompt = await livePromptVersion(ctx.tx, kind);
  if (!prompt) return { dataset, engagement, prompt: null, inputs: null, unavailable: { reason: 'not_configured', message: `No published ${kind} prompt exists.` } };
  return { dataset, engagement, prompt, inputs: await narrativeInputs(ctx.tx, dataset, engagement, kind, { question }), unavailable: null };
}

/**
 * POST /datasets/:id/ai/:kind: writes the text with the newest published prompt (no transaction
 * open during the call), meters it, judges it with the contract and caches an accepted result
 * with the prompt version. When AI is unavailable or the reply is refused, the rule-based text is
 * returned with the reason. A rescore while the text was written (finalized_at moved) caches
 * nothing and answers 409.
 */
export async function generateNarrative(run: TransactionRunner, ai: AiRuntime, datasetId: string, kind: NarrativeKind): Promise<NarrativeResult> {
  const prepared = await run((ctx) => prepare(ctx, ai, datasetId, kind, true));
  const { dataset, engagement, prompt, inputs } = prepared;
  if (prepared.unavailable || !prompt || !inputs || !ai.provider) return { ...ruleBased(kind, dataset), aiUnavailableReason: prepared.unavailable?.message };

  let reply: ModelReply;
  try {
    reply = await ai.provider.call(narrativeRequest(prompt, ai.config.model, kind, inputs));
  } catch (err) {
    if (!(err instanceof ModelCallError)) throw err;
    return { ...ruleBased(kind, dataset), aiUnavailableReason: providerFailed(err).message };
  }
  await run((ctx) => meterReply(ctx, engagement.id, kind, reply));
  const judged = judgeNarrative(kind, reply.text, inputs);

  return run(async (ctx) => {
    const { dataset: now } = await readyDataset(ctx, datasetId, true);
    if (now.finalizedAt !== dataset.finalizedAt) throw conflict('The dataset was rescored while the text was being written, so it was not kept. Generate it again.');
    await recordAudit(ctx.tx, {
      actor: ctx.actor.id, action: 'ai_generated', engagementId: engagement.id, datasetId,
      details: { kind, promptVersion: prompt.version, model: modelToken(reply.model), accepted: judged.accepted },
    });
    if (!judged.accepted) return { ...ruleBased(kind, now), rejectedReason: judged.reason };
    await saveAiOutput(ctx.tx, { datasetId, engagementId: engagement.id, kind, promptVersion: prompt.version!, content: { ...judged.value, model: reply.model } });
    return fromAi(kind, prompt.version!, judged.value);
  });
}

/**
 * POST /datasets/:id/ai/ask: any member, within a daily cap per person (UTC day). Not cached.
 * With AI unavailable it answers 429 (budget or cap) or 503; a refused reply becomes a polite
 * refusal. The audit keeps the question's length, never its words.
 */
export async function askData(run: TransactionRunner, ai: AiRuntime, datasetId: string, question: string): Promise<NarrativeResult> {
  const prepared = await run((ctx) => prepare(ctx, ai, datasetId, 'ask', false, question));
  const { engagement, prompt, inputs } = prepared;
  if (prepared.unavailable || !prompt || !inputs || !ai.provider) throw unavailableError(prepared.unavailable ?? { reason: 'not_configured', message: 'AI is not configured on this server.' });

  let reply: ModelReply;
  try {
    reply = await ai.provider.call(narrativeRequest(prompt, ai.config.model, 'ask', inputs));
  } catch (err) {
    if (!(err instanceof ModelCallError)) throw err;
    throw unavailableError(providerFailed(err));
  }
  const judged = judgeNarrative('ask', reply.text, inputs);
  await run(async (ctx) => {
    await meterReply(ctx, engagement.id, 'ask', reply);
    await recordAudit(ctx.tx, {
      actor: ctx.actor.id, action: 'ai_generated', engagementId: engagement.id, datasetId,
      details: { kind: 'ask', promptVersion: prompt.version, questionLength: question.length, accepted: judged.accepted },
    });
  });
  if (!judged.accepted) return { kind: 'ask', generated: 'rules', promptVersion: null, confidence: null, citations: [], markdown: ASK_REFUSAL, rejectedReason: judged.reason };
  return fromAi('ask', prompt.version!, judged.value);
}
