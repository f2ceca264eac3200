import { LAB_RAW_REPLY_MAX, LAB_TITLES, type LabRequest } from '../../../schema/ai.ts';
import type { LabOutcome, LabResult } from '../../../schema/api/promptLab.ts';
import type { PromptKey, PromptVersion } from '../../../schema/prompts.ts';
import type { DatasetSummary } from '../../../schema/datasetSummary.ts';
import { HttpError, notFound } from '../../http/httpError.ts';
import { findDataset, listReadyDatasets } from '../../repositories/datasetsRepository.ts';
import { findEngagement } from '../../repositories/engagementsRepository.ts';
import { findPromptDraft, findPromptVersion } from '../../repositories/promptsRepository.ts';
import { latestPublishedVersion } from '../../repositories/referenceRepository.ts';
import { requireAdmin } from '../access.ts';
import { recordAudit } from '../audit.ts';
import type { ServiceContext, TransactionRunner } from '../context.ts';
import { compiledReference } from '../reference.ts';
import { aiUnavailable, providerFailed, type AiRuntime } from './availability.ts';
import { parseClassifierResponse } from './classifierResponse.ts';
import { judgeNarrative, narrativeInputs, narrativeRequest, type NarrativeInputs } from './narratives.ts';
import { issuesOf, PROMPTS } from './promptAdmin.ts';
import { ModelCallError, modelToken, type ModelReply, type ModelRequest } from './provider.ts';
import { classifierRequest } from './titleClassifier.ts';
import { meterReply } from './usage.ts';

export const LAB_DATASETS = 200;

/** GET /admin/prompts/datasets: up to 200 ready datasets across engagements to test narrative prompts on. */
export async function labDatasets(ctx: ServiceContext) {
  requireAdmin(ctx.actor, PROMPTS);
  return listReadyDatasets(ctx.tx, LAB_DATASETS);
}

interface Prepared {
  prompt: PromptVersion;
  request: ModelRequest;
  engagementId: string | null;
  judge: (text: string) => LabOutcome;
  unavailableReason: string | null;
}

async function loadVersion(ctx: ServiceContext, ai: AiRuntime, key: PromptKey, version: number | 'draft'): Promise<PromptVersion> {
  const prompt = version === 'draft' ? await findPromptDraft(ctx.tx, key) : await findPromptVersion(ctx.tx, key, version);
  if (!prompt) throw notFound(version === 'draft' ? 'Prompt draft' : `Prompt version ${version}`);
  const issues = issuesOf(ai, prompt);
  if (issues.length > 0) throw new HttpError(400, 'invalid_prompt', 'Fix the prompt issues before testing it.', issues.map((i) => ({ path: i.field, message: i.message })));
  return prompt;
}

/** The classifier judged against the live reference version, as a new dataset would be. */
async function prepareClassifier(ctx: ServiceContext, ai: AiRuntime, prompt: PromptVersion, input: LabRequest): Promise<Omit<Prepared, 'unavailableReason'>> {
  const titles = (input.titles ?? []).map((t) => t.trim()).filter(Boolean).slice(0, LAB_TITLES);
  if (titles.length === 0) throw new HttpError(400, 'validation_error', 'Give at least one title to test the classifier with.', [{ path: 'titles', message: 'At least one title.' }]);
  const live = await latestPublishedVersion(ctx.tx);
  const reference = await compiledReference(ctx.tx, live?.version ?? 1);
  // "industry" names an industry pack of the live version (sent as its label, as production does) or else a sector.
  const pack = input.industry ? reference.pack(input.industry) : undefined;
  const context = pack
    ? { sector: null, packLabel: pack.id === 'general' ? null : pack.label, region: input.region ?? null }
    : { sector: input.industry ?? null, packLabel: null, region: input.region ?? null };
  const request = classifierRequest(prompt, ai.config.model, titles, context);
  return {
    prompt, request, engagementId: null,
    judge: (text) => {
      const verdict = parseClassifierResponse(text, titles.length, reference);
      const accepted = verdict.error === null && verdict.accepted.length > 0;
      const summary = verdict.error ?? `${verdict.accepted.length} of ${titles.length} titles coded; ${verdict.rejected} rows refused by the contract.`;
      return { accepted, summary, classifications: verdict.accepted.map((p) => ({ title: titles[p.i - 1], ...p })) };
    },
  };
}

/** Narrative prompts run on a ready dataset's stored summary (administrators may read any). */
async function prepareNarrative(ctx: ServiceContext, ai: AiRuntime, prompt: PromptVersion, input: LabRequest): Promise<Omit<Prepared, 'unavailableReason'>> {
  const kind = prompt.key as Exclude<PromptKey, 'classifier'>;
  if (!input.datasetId) throw new HttpError(400, 'validation_error', 'Choose a ready dataset to test this prompt on.', [{ path: 'datasetId', message: 'Required.' }]);
  if (kind === 'ask' && !input.question) throw new HttpError(400, 'validation_error', 'Give a question to test Ask the data with.', [{ path: 'question', message: 'Required.' }]);
  const dataset = await findDataset(ctx.tx, input.datasetId);
  if (!dataset || dataset.status !== 'ready' || !dataset.summary) throw notFound('Ready dataset');
  const engagement = await findEngagement(ctx.tx, dataset.engagementId);
  if (!engagement) throw notFound('Ready dataset');
  const summary = dataset.summary as unknown as DatasetSummary;
  const roles = summary.topRoles.map((r) => ({ role: r.subcategory, category: r.category, headcount: r.headcount }));
  const inputs: NarrativeInputs = await narrativeInputs(ctx.tx, dataset, engagement, kind, { question: input.question, roles });
  return {
    prompt, request: narrativeRequest(prompt, ai.config.model, kind, inputs), engagementId: engagement.id,
    judge: (text) => {
      const judged = judgeNarrative(kind, text, inputs);
      if (!judged.accepted) return { accepted: false, summary: judged.reason };
      const value = judged.value;
      if ('phases' in value) {
        const lifecycle = { phases: value.phases, roles: value.mapping.roles, evenlySpread: value.mapping.evenlySpread.length, confidence: value.confidence };
        return { accepted: true, summary: `${value.phases.length} phases; ${value.mapping.roles} roles placed, ${value.mapping.evenlySpread.length} spread evenly.`, lifecycle };
      }
      return { accepted: true, summary: `Accepted with confidence ${value.confidence}.`, markdown: value.markdown, confidence: value.confidence, citations: value.citations };
    },
  };
}

const renderedOf = (request: ModelRequest) => ({ system: request.system, user: request.user, model: request.model, temperature: request.temperature, maxOutputTokens: request.maxOutputTokens });

/**
 * POST /admin/prompts/:key/test (spec: Test run rules): loads and validates the chosen version,
 * builds the variables as production does, and either returns the rendered prompt (dry run, or AI
 * unavailable) or calls the model, meters the call under prompt-lab and judges the reply with the
 * production parser. A model failure is a rejected outcome, not an HTTP error.
 */
export async function testPrompt(run: TransactionRunner, ai: AiRuntime, key: PromptKey, input: LabRequest): Promise<LabResult> {
  const prepared: Prepared = await run(async (ctx) => {
    requireAdmin(ctx.actor, PROMPTS);
    const prompt = await loadVersion(ctx, ai, key, input.version);
    const built = key === 'classifier' ? await prepareClassifier(ctx, ai, prompt, input) : await prepareNarrative(ctx, ai, prompt, input);
    const unavailable = input.dryRun ? null : await aiUnavailable(ctx.tx, ai);
    return { ...built, unavailableReason: unavailable?.message ?? null };
  });
  const version = input.version;
  const rendered = renderedOf(prepared.request);

  if (input.dryRun || prepared.unavailableReason || !ai.provider) {
    await run((ctx) => recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'prompt_tested', details: { key, version, dryRun: true } }));
    return { dryRun: true, rendered, ...(prepared.unavailableReason && { aiUnavailableReason: prepared.unavailableReason }) };
  }

  let reply: ModelReply | null = null;
  let failure: string | null = null;
  try {
    reply = await ai.provider.call(prepared.request);
  } catch (err) {
    if (!(err instanceof ModelCallError)) throw err;
    failure = providerFailed(err).message;
  }
  await run(async (ctx) => {
    if (reply) await meterReply(ctx, prepared.engagementId, 'prompt-lab', reply);
    await recordAudit(ctx.tx, {
      actor: ctx.actor.id, action: 'prompt_tested',
      details: { key, version, dryRun: false, model: modelToken(rendered.model), inputTokens: reply?.inputTokens ?? 0, outputTokens: reply?.outputTokens ?? 0 },
    });
  });
  if (!reply) return { dryRun: false, rendered, model: rendered.model, usage: null, outcome: { accepted: false, summary: failure }, raw: null };
  return {
    dryRun: false,
    rendered,
    model: reply.model,
    usage: { inputTokens: reply.inputTokens, outputTokens: reply.outputTokens },
    outcome: prepared.judge(reply.text),
    raw: reply.text.slice(0, LAB_RAW_REPLY_MAX),
    rawTruncated: reply.text.length > LAB_RAW_REPLY_MAX,
  };
}
