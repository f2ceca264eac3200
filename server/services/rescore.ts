import type { CompiledReference } from '../../workers/reference/index.ts';
import { lookupCache } from '../repositories/cacheRepository.ts';
import { updateDataset, type Dataset } from '../repositories/datasetsRepository.ts';
import type { Engagement } from '../repositories/engagementsRepository.ts';
import { overridesByNormalised } from '../repositories/overridesRepository.ts';
import { listTitles, writeClassifications, type TitleClassificationWrite, type TitleRecord } from '../repositories/titlesRepository.ts';
import type { ServiceContext } from './context.ts';
import { finaliseDataset } from './finalise.ts';
import { compiledReference } from './reference.ts';
import { fromAiPick, fromCache, fromOverride, fromPack, fromRules, knowsCodes } from './titleResolution.ts';

/**
 * Re-resolves titles deterministically under a reference version, without calling a model
 * (spec: Rescoring triggers): an override valid in that version wins, then the pack's rules;
 * a previous AI pick whose codes the version still knows is kept; then the shared cache (when
 * the engagement shares) or a kept cache pick; else the version's rules.
 */
export async function reresolveTitles(
  ctx: ServiceContext,
  dataset: Dataset,
  engagement: Engagement,
  reference: CompiledReference,
  only?: (title: TitleRecord) => boolean,
): Promise<number> {
  // A targeted re-resolution (an override set or removed) takes pending titles too: an override set
  // while the classify step waits on the model must win over the pick it brings back.
  const titles = (await listTitles(ctx.tx, dataset.id)).filter((t) => (only ? only(t) : t.source !== 'pending'));
  const overrides = await overridesByNormalised(ctx.tx, engagement.id);
  const cache = engagement.shareClassificationCache ? await lookupCache(ctx.tx, engagement.pack, titles.map((t) => t.normalised)) : new Map();
  const writes = titles.map((t) => {
    const override = overrides.get(t.normalised);
    const cached = cache.get(t.normalised);
    const keptAi = t.source === 'ai' && t.usSoc2018 && knowsCodes(reference, t.usSoc2018, t.ukSoc2020);
    const keptCache = t.source === 'cache' && t.usSoc2018 !== null;
    const classification: TitleClassificationWrite =
      (override && fromOverride(reference, override)) ??
      fromPack(reference, engagement.pack, t.title) ??
      (keptAi ? fromAiPick(reference, t.title, { usSoc2018: t.usSoc2018!, ukSoc2020: t.ukSoc2020!, confidence: t.confidence ?? 0.5 }) : null) ??
      (cached ? fromCache(reference, t.title, cached) : null) ??
      (keptCache ? keptCachePick(reference, t) : null) ??
      fromRules(reference, t.title);
    return { title: t.title, classification };
  });
  return writeClassifications(ctx.tx, ctx.dialect, dataset.id, writes, { onlyPending: false });
}

/** The title's previous cache pick, re-read under the version (its role may have moved). */
function keptCachePick(reference: CompiledReference, t: TitleRecord): TitleClassificationWrite | null {
  const entry = { normalisedTitle: t.normalised, context: '', usSoc2018: t.usSoc2018!, ukSoc2020: t.ukSoc2020!, category: t.category, subcategory: t.subcategory, verified: false };
  const pick = fromCache(reference, t.title, entry);
  return pick && { ...pick, confidence: t.confidence ?? pick.confidence };
}

/** Re-resolves every title of a ready dataset under a version and finalises it on that version. */
export async function rescoreDataset(ctx: ServiceContext, dataset: Dataset, engagement: Engagement, version: number): Promise<void> {
  const reference = await compiledReference(ctx.tx, version);
  await reresolveTitles(ctx, dataset, engagement, reference);
  if (version !== dataset.referenceVersion) await updateDataset(ctx.tx, dataset.id, { referenceVersion: version });
  await finaliseDataset(ctx, { ...dataset, referenceVersion: version }, engagement, version);
}
