import type { CompiledReference } from '../../workers/reference/index.ts';
import { recordAiUsage } from '../repositories/aiUsageRepository.ts';
import { bumpCacheHits, lookupCache, storeAiPicks } from '../repositories/cacheRepository.ts';
import { findClient } from '../repositories/clientsRepository.ts';
import { findDataset } from '../repositories/datasetsRepository.ts';
import { overridesByNormalised } from '../repositories/overridesRepository.ts';
import { countTitlesBySource, pendingTitles, writeClassifications, type TitleClassificationWrite, type TitleRecord } from '../repositories/titlesRepository.ts';
import type { AiAvailability, AiBatchResult, AiTitleClassifier } from './ai/titleClassifier.ts';
import type { ServiceContext, TransactionRunner } from './context.ts';
import { requireDataset, requireDatasetStatus } from './datasetAccess.ts';
import { finaliseDataset } from './finalise.ts';
import { compiledReference } from './reference.ts';
import { fromAiPick, fromCache, fromOverride, fromPack, fromRules, knowsCodes } from './titleResolution.ts';

export const STEP_TITLES = 600;
export const AI_BATCH_SIZE = 150;
export const AI_PARALLEL_BATCHES = 4;
export const AI_TITLE_MAX_LENGTH = 300;
/** A batch this large where one US code takes more than this share looks degenerate: not cached. */
export const CACHE_ANOMALY_MIN_TITLES = 8;
export const CACHE_ANOMALY_SHARE = 0.6;

export interface ClassifyProgress {
  status: string;
  total: number;
  pending: number;
  classifiedThisCall: number;
  aiUsed: boolean;
  aiUnavailableReason: string | null;
  bySource: Record<string, number>;
}

interface Prepared {
  datasetId: string;
  engagementId: string;
  packId: string;
  shares: boolean;
  aiAllowed: boolean;
  context: Parameters<AiTitleClassifier['classifyBatch']>[1];
  reference: CompiledReference;
  remaining: TitleRecord[];
  resolved: number;
}

/** Step 1 in its own transaction: overrides, pack overlay, then the shared cache (when the engagement shares). */
async function resolveDeterministically(ctx: ServiceContext, datasetId: string, useAi: boolean | undefined): Promise<Prepared | ClassifyProgress> {
  const { dataset, engagement } = await requireDataset(ctx, datasetId, { write: true });
  if (dataset.status === 'ready') return progressOf(ctx, datasetId, 0, false, null);
  requireDatasetStatus(dataset, ['classifying'], 'classifying');
  const reference = await compiledReference(ctx.tx, dataset.referenceVersion);
  const pending = await pendingTitles(ctx.tx, datasetId, STEP_TITLES);
  const overrides = await overridesByNormalised(ctx.tx, engagement.id);
  const cache = engagement.shareClassificationCache ? await lookupCache(ctx.tx, engagement.pack, pending.map((t) => t.normalised)) : new Map();
  const writes: { title: string; classification: TitleClassificationWrite }[] = [];
  const cacheHits: string[] = [];
  const remaining: TitleRecord[] = [];
  for (const title of pending) {
    const override = overrides.get(title.normalised);
    const cached = cache.get(title.normalised);
    const classification =
      (override && fromOverride(reference, override)) ??
      fromPack(reference, engagement.pack, title.title) ??
      (cached ? fromCache(reference, title.title, cached) : null);
    if (!classification) remaining.push(title);
    else {
      writes.push({ title: title.title, classification });
      if (classification.source === 'cache') cacheHits.push(title.normalised);
    }
  }
  const resolved = await writeClassifications(ctx.tx, ctx.dialect, datasetId, writes, { onlyPending: true });
  if (cacheHits.length) await bumpCacheHits(ctx.tx, engagement.pack, cacheHits);
  const client = engagement.clientId ? await findClient(ctx.tx, engagement.clientId) : null;
  const pack = reference.pack(engagement.pack);
  return {
    datasetId,
    engagementId: engagement.id,
    packId: engagement.pack,
    shares: engagement.shareClassificationCache,
    // useAi can switch AI off for this call; it can never switch it on for a dataset created without it.
    aiAllowed: dataset.useAi && useAi !== false,
    context: { sector: client?.sector ?? null, packLabel: pack && pack.id !== 'general' ? pack.label : null, region: engagement.region },
    reference,
    remaining,
    resolved,
  };
}

interface AcceptedPick {
  title: TitleRecord;
  usSoc2018: string;
  ukSoc2020: string;
  confidence: number;
}

/** The response contract: each title at most once, codes the dataset's reference knows, confidence clamped to 0–1. */
function acceptPicks(batch: TitleRecord[], result: AiBatchResult, reference: CompiledReference): AcceptedPick[] {
  const used = new Set<number>();
  const accepted: AcceptedPick[] = [];
  for (const pick of result.picks) {
    if (!Number.isInteger(pick.i) || pick.i < 1 || pick.i > batch.length || used.has(pick.i)) continue;
    if (!knowsCodes(reference, pick.usSoc2018, pick.ukSoc2020)) continue;
    used.add(pick.i);
    const confidence = typeof pick.confidence === 'number' && Number.isFinite(pick.confidence) ? Math.min(1, Math.max(0, pick.confidence)) : 0.5;
    accepted.push({ title: batch[pick.i - 1], usSoc2018: pick.usSoc2018, ukSoc2020: pick.ukSoc2020, confidence });
  }
  return accepted;
}

/** A batch where one US code takes most of many titles is kept for this dataset but not shared. */
export function looksDegenerate(picks: { usSoc2018: string }[]): boolean {
  if (picks.length < CACHE_ANOMALY_MIN_TITLES) return false;
  const counts = new Map<string, number>();
  for (const p of picks) counts.set(p.usSoc2018, (counts.get(p.usSoc2018) ?? 0) + 1);
  return Math.max(...counts.values()) / picks.length > CACHE_ANOMALY_SHARE;
}

const forModel = (title: string) => title.replace(/\s+/g, ' ').trim().slice(0, AI_TITLE_MAX_LENGTH);

/** Batches of 150, four at a time, with no transaction open. A failed batch yields nothing; its titles fall to the rules. */
async function askModel(prepared: Prepared, classifier: AiTitleClassifier) {
  const batches: TitleRecord[][] = [];
  for (let i = 0; i < prepared.remaining.length; i += AI_BATCH_SIZE) batches.push(prepared.remaining.slice(i, i + AI_BATCH_SIZE));
  const outcomes: { batch: TitleRecord[]; result: AiBatchResult | null }[] = [];
  for (let i = 0; i < batches.length; i += AI_PARALLEL_BATCHES) {
    const wave = batches.slice(i, i + AI_PARALLEL_BATCHES);
    const results = await Promise.all(
      wave.map((batch) => classifier.classifyBatch(batch.map((t) => forModel(t.title)), prepared.context).catch(() => null)),
    );
    wave.forEach((batch, k) => outcomes.push({ batch, result: results[k] }));
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
 * One bounded classify step (spec: Classification step rules). Up to 600 pending titles, most
 * people first; deterministic sources first, then the model when allowed (outside any transaction),
 * then the rules. Writes only to titles still pending, so an override set meanwhile wins. When none
 * remain pending, the dataset is finalised. Safe to repeat.
 */
export async function classifyStep(run: TransactionRunner, datasetId: string, useAi: boolean | undefined, ai: AiAvailability): Promise<ClassifyProgress> {
  const prepared = await run((ctx) => resolveDeterministically(ctx, datasetId, useAi));
  if (!('remaining' in prepared)) return prepared;

  let aiUnavailableReason: string | null = null;
  let outcomes: Awaited<ReturnType<typeof askModel>> = [];
  if (prepared.remaining.length > 0 && prepared.aiAllowed) {
    if ('classifier' in ai) outcomes = await askModel(prepared, ai.classifier);
    else aiUnavailableReason = ai.unavailableReason;
  }
  const called = outcomes.filter((o) => o.result !== null);

  // Usage is metered in its own transaction so tokens count even if a later step fails.
  if (called.length > 0) {
    await run(async (ctx) => {
      for (const { result } of called) {
        await recordAiUsage(ctx.tx, { userId: ctx.actor.id, engagementId: prepared.engagementId, feature: 'classify', model: result!.model, inputTokens: result!.inputTokens, outputTokens: result!.outputTokens });
      }
    });
  }

  return run(async (ctx) => {
    const picked = new Map<string, TitleClassificationWrite>();
    const shareable: { normalisedTitle: string; usSoc2018: string; ukSoc2020: string; category: string; subcategory: string }[] = [];
    let promptVersion: number | null = null;
    for (const { batch, result } of called) {
      const accepted = acceptPicks(batch, result!, prepared.reference);
      promptVersion = result!.promptVersion;
      for (const pick of accepted) {
        const classification = fromAiPick(prepared.reference, pick.title.title, pick);
        picked.set(pick.title.title, classification);
        if (!looksDegenerate(accepted)) {
          shareable.push({ normalisedTitle: pick.title.normalised, usSoc2018: pick.usSoc2018, ukSoc2020: pick.ukSoc2020, category: classification.category, subcategory: classification.subcategory });
        }
      }
    }
    const writes = prepared.remaining.map((t) => ({ title: t.title, classification: picked.get(t.title) ?? fromRules(prepared.reference, t.title) }));
    const written = await writeClassifications(ctx.tx, ctx.dialect, datasetId, writes, { onlyPending: true });
    if (prepared.shares && shareable.length > 0) await storeAiPicks(ctx.tx, prepared.packId, promptVersion, shareable);

    const { dataset, engagement } = await requireDataset(ctx, datasetId, { write: true });
    const stillPending = (await countTitlesBySource(ctx.tx, datasetId)).pending ?? 0;
    if (stillPending === 0 && dataset.status === 'classifying') await finaliseDataset(ctx, dataset, engagement);
    return progressOf(ctx, datasetId, prepared.resolved + written, called.length > 0, aiUnavailableReason);
  });
}
