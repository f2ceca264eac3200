import type { ClassifyProgress } from '../../schema/api/datasets.ts';
import type { PromptVersion } from '../../schema/prompts.ts';
import type { CompiledReference } from '../../workers/reference/index.ts';
import { bumpCacheHits, lookupCache, storeAiPicks, type CacheEntry } from '../repositories/cacheRepository.ts';
import { findClient } from '../repositories/clientsRepository.ts';
import { findDataset } from '../repositories/datasetsRepository.ts';
import { overridesByTitle, type TitleOverrides } from '../repositories/overridesRepository.ts';
import { readTitleContexts, type TitleRowContext } from '../repositories/rowsRepository.ts';
import { countTitlesBySource, pendingTitles, writeClassifications, type TitleClassificationWrite, type TitleRecord } from '../repositories/titlesRepository.ts';
import type { ListContext } from '../../workers/classify/context.ts';
import type { TitleReading } from '../../workers/classify/variants.ts';
import { livePromptVersion } from '../repositories/promptsRepository.ts';
import { aiUnavailable, providerFailed, type AiRuntime } from './ai/availability.ts';
import { parseClassifierResponse } from './ai/classifierResponse.ts';
import { ModelCallError, type AiProvider, type ModelReply } from './ai/provider.ts';
import { classifierRequest, type AiTitleContext } from './ai/titleClassifier.ts';
import { meterReply } from './ai/usage.ts';
import type { ServiceContext, TransactionRunner } from './context.ts';
import { requireDataset, requireDatasetStatus } from './datasetAccess.ts';
import { finaliseDataset } from './finalise.ts';
import { codingContextAndRows } from './codingContext.ts';
import { codeLaterStepsAhead, forgetCodedAhead, OFF_THREAD_ROWS, resolveTitles, takeCodedAhead, warmCodingThreads } from './contextCodingPool.ts';
import { compiledReference } from './reference.ts';
import { contextsByTitle, fromAiPick, fromCache, fromOverride, fromPack, resolveInContexts } from './titleResolution.ts';

export const STEP_TITLES = 600;
export const AI_BATCH_SIZE = 150;
export const AI_PARALLEL_BATCHES = 4;
/** A batch this large where one US code takes more than this share looks degenerate: not cached. */
export const CACHE_ANOMALY_MIN_TITLES = 8;
export const CACHE_ANOMALY_SHARE = 0.6;

interface Prepared {
  datasetId: string;
  engagementId: string;
  packId: string;
  shares: boolean;
  /** The newest published classifier prompt; set when titles remain, the dataset and call allow AI, and AI is available now. */
  prompt: PromptVersion | null;
  aiUnavailableReason: string | null;
  context: AiTitleContext;
  reference: CompiledReference;
  /** The list's coding context, the same for every step. */
  list: ListContext;
  overrides: Map<string, TitleOverrides>;
  remaining: TitleRecord[];
  /** The rows of the remaining titles not coded ahead, with what the coder reads beside each title. */
  remainingRows: TitleRowContext[];
  /** Remaining titles a first step coded ahead for this one (codeLaterStepsAhead). */
  codedAhead: Map<string, Promise<TitleClassificationWrite | null>>;
  /** At a large list's first step: the later steps' titles to code ahead, a batch a step, and every row. */
  later: { batches: string[][]; rows: TitleRowContext[] } | null;
  resolved: number;
}

/** Step 1 in its own transaction: overrides, pack overlay, then the shared cache (when the engagement shares). */
async function resolveDeterministically(ctx: ServiceContext, datasetId: string, useAi: boolean | undefined, ai: AiRuntime): Promise<Prepared | ClassifyProgress> {
  const { dataset, engagement } = await requireDataset(ctx, datasetId, { write: true });
  if (dataset.status === 'ready') return progressOf(ctx, datasetId, 0, false, null);
  requireDatasetStatus(dataset, ['classifying'], 'classifying');
  const reference = await compiledReference(ctx.tx, dataset.referenceVersion);
  if (dataset.expectedRows >= OFF_THREAD_ROWS) warmCodingThreads(reference);
  // The first step computes the coding context from every row: the remaining titles' rows are among them.
  const { context: list, rows: allRows } = await codingContextAndRows(ctx, dataset, engagement, reference);
  // A large list's first step reads every pending title: its later steps' titles may be coded ahead (below).
  const aheadOfLater = allRows !== null && allRows.length >= OFF_THREAD_ROWS;
  const allPending = await pendingTitles(ctx.tx, datasetId, aheadOfLater ? null : STEP_TITLES);
  const pending = allPending.slice(0, STEP_TITLES);
  const overrides = await overridesByTitle(ctx.tx, engagement.id);
  const cache: Map<string, CacheEntry> = engagement.shareClassificationCache ? await lookupCache(ctx.tx, engagement.pack, allPending.map((t) => t.normalised)) : new Map();
  const decide = (title: TitleRecord, cached: CacheEntry | undefined) => {
    const everywhere = overrides.get(title.normalised)?.everywhere;
    return (everywhere && fromOverride(reference, everywhere)) ?? fromPack(reference, engagement.pack, title.title) ?? (cached ? fromCache(reference, title.title, cached) : null);
  };
  const decided: { title: TitleRecord; reading: TitleReading }[] = [];
  const cacheHits: string[] = [];
  const remaining: TitleRecord[] = [];
  for (const title of pending) {
    const reading = decide(title, cache.get(title.normalised));
    if (!reading) remaining.push(title);
    else {
      decided.push({ title, reading });
      if (reading.source === 'cache') cacheHits.push(title.normalised);
    }
  }
  // Only a title with overrides of single contexts needs its rows read: the rest of a decision holds everywhere.
  const scopedTitles = decided.filter(({ title }) => overrides.get(title.normalised)?.scoped.length).map(({ title }) => title.title);
  const contexts = scopedTitles.length ? contextsByTitle(await rowsOfTitles(ctx, datasetId, scopedTitles, allRows), list) : new Map();
  const writes = decided.map(({ title, reading }) => ({
    title: title.title,
    classification: resolveInContexts(reference, title.title, reading, contexts.get(title.title), overrides.get(title.normalised)?.scoped),
  }));
  const resolved = await writeClassifications(ctx.tx, ctx.dialect, datasetId, writes, { onlyPending: true });
  if (cacheHits.length) await bumpCacheHits(ctx.tx, engagement.pack, cacheHits);
  const client = engagement.clientId ? await findClient(ctx.tx, engagement.clientId) : null;
  const pack = reference.pack(engagement.pack);
  // useAi can switch AI off for this call; it can never switch it on for a dataset created without it.
  const aiAllowed = dataset.useAi && useAi !== false && remaining.length > 0;
  const unavailable = aiAllowed ? await aiUnavailable(ctx.tx, ai) : null;
  const prompt = aiAllowed && !unavailable ? await livePromptVersion(ctx.tx, 'classifier') : null;
  // A title coded ahead is the coder's reading with no decision: with a model to ask, or overrides of single
  // contexts, the title is coded here.
  const codedAhead = new Map<string, Promise<TitleClassificationWrite | null>>();
  for (const title of remaining) {
    const write = prompt || overrides.get(title.normalised)?.scoped.length ? undefined : takeCodedAhead(datasetId, reference, title.title);
    if (write) codedAhead.set(title.title, write);
  }
  // Read now, while the transaction is open: the titles are coded after it (and any model call) ends.
  const toRead = remaining.filter((t) => !codedAhead.has(t.title)).map((t) => t.title);
  const remainingRows = toRead.length ? await rowsOfTitles(ctx, datasetId, toRead, allRows) : [];
  // A large list's first step, with no model to ask, has its later steps' titles coded ahead: those the coder
  // would read with no decision, a batch a step in the order the steps take them.
  let later: Prepared['later'] = null;
  if (aheadOfLater && !prompt) {
    const batches: string[][] = [];
    for (let i = STEP_TITLES; i < allPending.length; i += STEP_TITLES) {
      batches.push(allPending.slice(i, i + STEP_TITLES).filter((t) => !overrides.has(t.normalised) && !decide(t, cache.get(t.normalised))).map((t) => t.title));
    }
    later = { batches, rows: allRows };
  }
  return {
    datasetId,
    engagementId: engagement.id,
    packId: engagement.pack,
    shares: engagement.shareClassificationCache,
    prompt,
    aiUnavailableReason: unavailable?.message ?? null,
    context: { sector: client?.sector ?? null, packLabel: pack && pack.id !== 'general' ? pack.label : null, region: engagement.region },
    reference,
    list,
    overrides,
    remaining,
    remainingRows,
    codedAhead,
    later,
    resolved,
  };
}

/** The rows of `titles`, from `allRows` when the step has read every row already, else from the database. */
async function rowsOfTitles(ctx: ServiceContext, datasetId: string, titles: readonly string[], allRows: TitleRowContext[] | null): Promise<TitleRowContext[]> {
  if (!allRows) return readTitleContexts(ctx.tx, datasetId, titles);
  const wanted = new Set(titles);
  return allRows.filter((r) => wanted.has(r.title));
}

/**
 * A batch of eight or more titles where one US code takes more than 60% of them (spec: Limits, shared classifier
 * cache anomaly) is kept for this dataset but not shared. The titles of the batch are counted, not the model's
 * accepted picks: a reply that places only a few titles, all on one code, is no less suspect.
 */
export function looksDegenerate(batchTitles: number, picks: readonly { usSoc2018: string }[]): boolean {
  if (batchTitles < CACHE_ANOMALY_MIN_TITLES) return false;
  const counts = new Map<string, number>();
  let most = 0;
  for (const p of picks) {
    const count = (counts.get(p.usSoc2018) ?? 0) + 1;
    counts.set(p.usSoc2018, count);
    most = Math.max(most, count);
  }
  return most / batchTitles > CACHE_ANOMALY_SHARE;
}

interface BatchOutcome {
  batch: TitleRecord[];
  reply: ModelReply | null;
  failure: ModelCallError | null;
}

/** Batches of 150, four at a time, with no transaction open. A failed batch never raises; its titles fall to the rules. */
async function askModel(provider: AiProvider, prompt: PromptVersion, defaultModel: string, remaining: TitleRecord[], context: AiTitleContext): Promise<BatchOutcome[]> {
  const batches: TitleRecord[][] = [];
  for (let i = 0; i < remaining.length; i += AI_BATCH_SIZE) batches.push(remaining.slice(i, i + AI_BATCH_SIZE));
  const outcomes: BatchOutcome[] = [];
  for (let i = 0; i < batches.length; i += AI_PARALLEL_BATCHES) {
    const wave = batches.slice(i, i + AI_PARALLEL_BATCHES);
    outcomes.push(
      ...(await Promise.all(
        wave.map((batch) =>
          provider.call(classifierRequest(prompt, defaultModel, batch.map((t) => t.title), context)).then(
            (reply) => ({ batch, reply, failure: null }),
            (err) => ({ batch, reply: null, failure: err instanceof ModelCallError ? err : new ModelCallError('provider_error', 'The AI provider gave an unusable answer.') }),
          ),
        ),
      )),
    );
  }
  return outcomes;
}

async function progressOf(ctx: ServiceContext, datasetId: string, classifiedThisCall: number, aiUsed: boolean, aiUnavailableReason: string | null): Promise<ClassifyProgress> {
  const bySource = await countTitlesBySource(ctx.tx, datasetId);
  const dataset = await findDataset(ctx.tx, datasetId);
  return {
    status: dataset?.status ?? 'classifying',
    total: Object.values(bySource).reduce((a, b) => a + b, 0),
    pending: bySource.pending ?? 0,
    classifiedThisCall,
    aiUsed,
    aiUnavailableReason,
    bySource,
  };
}

/**
 * The remaining titles' classifications: the coding a first step made ahead where there is one (a step with a
 * model to ask takes none), else an AI pick or a scoped override, else the coder's, on the threads for a large
 * step. A first step sends its later steps' titles to the threads after its own, which they code first. A title
 * whose coding ahead failed is coded here, its rows read again.
 */
async function codeRemaining(run: TransactionRunner, prepared: Prepared, picked: Map<string, TitleReading>): Promise<TitleClassificationWrite[]> {
  const { reference, list, remaining, overrides, codedAhead } = prepared;
  const toResolve = (t: TitleRecord) => ({ title: t.title, decided: picked.get(t.title) ?? null, scoped: overrides.get(t.normalised)?.scoped ?? [] });
  const coding = remaining.filter((t) => !codedAhead.has(t.title)).map(toResolve);
  const coded = resolveTitles(reference, list, coding, prepared.remainingRows);
  if (prepared.later) codeLaterStepsAhead(prepared.datasetId, reference, list, prepared.later.batches, prepared.later.rows);
  const writes = new Map<string, TitleClassificationWrite>();
  (await coded).forEach((w, i) => writes.set(coding[i].title, w));
  const failed: TitleRecord[] = [];
  for (const t of remaining) {
    if (writes.has(t.title)) continue;
    const write = await codedAhead.get(t.title);
    if (write) writes.set(t.title, write);
    else failed.push(t);
  }
  if (failed.length) {
    const rows = await run((ctx) => readTitleContexts(ctx.tx, prepared.datasetId, failed.map((t) => t.title)));
    (await resolveTitles(reference, list, failed.map(toResolve), rows)).forEach((w, i) => writes.set(failed[i].title, w));
  }
  return remaining.map((t) => writes.get(t.title)!);
}

/**
 * One bounded classify step (spec: Classification step rules). Up to 600 pending titles, most
 * people first; deterministic sources first, then the model when allowed, then the rules (both outside any
 * transaction; the rules on the coding threads for a large step). Writes only to titles still pending, so an
 * override set meanwhile wins. When none remain pending, the dataset is finalised. Safe to repeat.
 */
export async function classifyStep(run: TransactionRunner, datasetId: string, useAi: boolean | undefined, ai: AiRuntime): Promise<ClassifyProgress> {
  const prepared = await run((ctx) => resolveDeterministically(ctx, datasetId, useAi, ai));
  if (!('remaining' in prepared)) return prepared;

  const { prompt } = prepared;
  const outcomes = prompt && ai.provider ? await askModel(ai.provider, prompt, ai.config.model, prepared.remaining, prepared.context) : [];
  const replied = outcomes.filter((o): o is BatchOutcome & { reply: ModelReply } => o.reply !== null);
  const firstFailure = outcomes.find((o) => o.failure)?.failure;
  const aiUnavailableReason = prepared.aiUnavailableReason ?? (replied.length === 0 && firstFailure ? providerFailed(firstFailure).message : null);

  // Usage is metered in its own transaction so tokens count even if a later step fails, and even
  // for a reply the contract then refuses: tokens spent are tokens spent.
  if (replied.length > 0) {
    await run(async (ctx) => {
      for (const { reply } of replied) await meterReply(ctx, prepared.engagementId, 'classify', reply);
    });
  }

  const picked = new Map<string, TitleReading>();
  const shareable: { normalisedTitle: string; usSoc2018: string; ukSoc2020: string; category: string; subcategory: string }[] = [];
  for (const { batch, reply } of replied) {
    const { accepted } = parseClassifierResponse(reply.text, batch.length, prepared.reference);
    const degenerate = looksDegenerate(batch.length, accepted);
    for (const pick of accepted) {
      const title = batch[pick.i - 1];
      const classification = fromAiPick(prepared.reference, title.title, pick);
      picked.set(title.title, classification);
      if (!degenerate) {
        shareable.push({ normalisedTitle: title.normalised, usSoc2018: pick.usSoc2018, ukSoc2020: pick.ukSoc2020, category: classification.category, subcategory: classification.subcategory });
      }
    }
  }
  // The rules code each context of a title; an AI pick is a decision about the title, split only by scoped overrides.
  // Coded with no transaction open (on the coding threads for a large step): a title that left pending
  // meanwhile is not written over, as with the model's picks.
  const classifications = await codeRemaining(run, prepared, picked);
  const writes = prepared.remaining.map((t, i) => ({ title: t.title, classification: classifications[i] }));

  return run(async (ctx) => {
    const written = await writeClassifications(ctx.tx, ctx.dialect, datasetId, writes, { onlyPending: true });
    if (prepared.shares && shareable.length > 0) await storeAiPicks(ctx.tx, prepared.packId, prompt?.version ?? null, shareable);

    const { dataset, engagement } = await requireDataset(ctx, datasetId, { write: true });
    const stillPending = (await countTitlesBySource(ctx.tx, datasetId)).pending ?? 0;
    if (stillPending === 0 && dataset.status === 'classifying') {
      forgetCodedAhead(datasetId);
      await finaliseDataset(ctx, dataset, engagement);
    }
    return progressOf(ctx, datasetId, prepared.resolved + written, replied.length > 0, aiUnavailableReason);
  });
}
