import type { CompiledReference } from '../../workers/reference/index.ts';
import { lookupCache } from '../repositories/cacheRepository.ts';
import { updateDataset, type Dataset } from '../repositories/datasetsRepository.ts';
import type { Engagement } from '../repositories/engagementsRepository.ts';
import { overridesByTitle } from '../repositories/overridesRepository.ts';
import { readTitleContexts } from '../repositories/rowsRepository.ts';
import { listTitles, writeClassifications, type TitleRecord } from '../repositories/titlesRepository.ts';
import type { TitleReading } from '../../workers/classify/variants.ts';
import { datasetCodingContext } from './codingContext.ts';
import type { ServiceContext } from './context.ts';
import { finaliseDataset } from './finalise.ts';
import { compiledReference } from './reference.ts';
import { contextsByTitle, fromAiPick, fromCache, fromOverride, fromPack, knowsCodes, resolveInContexts } from './titleResolution.ts';

/**
 * Re-resolves titles deterministically under a reference version, without calling a model
 * (spec: Rescoring triggers): an override valid in that version wins, then the pack's rules;
 * a previous AI pick whose codes the version still knows is kept; then the shared cache (when
 * the engagement shares) or a kept cache pick; else the version's rules, read in each context of
 * the title's rows. Overrides of single contexts then take their rows (resolveInContexts).
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
  const overrides = await overridesByTitle(ctx.tx, engagement.id);
  const cache = engagement.shareClassificationCache ? await lookupCache(ctx.tx, engagement.pack, titles.map((t) => t.normalised)) : new Map();
  const decisions = titles.map((t) => {
    const everywhere = overrides.get(t.normalised)?.everywhere;
    const cached = cache.get(t.normalised);
    const keptAi = t.source === 'ai' && t.usSoc2018 && knowsCodes(reference, t.usSoc2018, t.ukSoc2020);
    const keptCache = t.source === 'cache' && t.usSoc2018 !== null;
    const decided: TitleReading | null =
      (everywhere && fromOverride(reference, everywhere)) ??
      fromPack(reference, engagement.pack, t.title) ??
      (keptAi ? fromAiPick(reference, t.title, { usSoc2018: t.usSoc2018!, ukSoc2020: t.ukSoc2020!, confidence: t.confidence ?? 0.5 }) : null) ??
      (cached ? fromCache(reference, t.title, cached) : null) ??
      (keptCache ? keptCachePick(reference, t) : null);
    return { t, decided, scoped: overrides.get(t.normalised)?.scoped ?? [] };
  });
  // Rows are read for the titles the coder reads in context and those with overrides of single contexts:
  // every row when most titles need them (a whole rescore), else only theirs.
  const needed = decisions.filter((d) => d.decided === null || d.scoped.length > 0).map((d) => d.t.title);
  const list = needed.length ? await datasetCodingContext(ctx, dataset, engagement, reference) : null;
  const contexts = list ? contextsByTitle(await readTitleContexts(ctx.tx, dataset.id, needed.length > 500 ? null : needed), list) : new Map();
  const writes = decisions.map(({ t, decided, scoped }) => ({
    title: t.title,
    classification: resolveInContexts(reference, t.title, decided, contexts.get(t.title), scoped),
  }));
  return writeClassifications(ctx.tx, ctx.dialect, dataset.id, writes, { onlyPending: false });
}

/** The title's previous cache pick, re-read under the version (its role may have moved). */
function keptCachePick(reference: CompiledReference, t: TitleRecord): TitleReading | null {
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
