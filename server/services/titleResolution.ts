import { classifyAiPick, classifyByPack, classifyByRules, classifyInContext, matchText, roleForCodes, type Classification } from '../../workers/classify/classify.ts';
import type { ListContext } from '../../workers/classify/context.ts';
import { buildVariants, groupContexts, pooledReading, scopeCovers, type ContextGroup, type TitleReading } from '../../workers/classify/variants.ts';
import type { CompiledReference } from '../../workers/reference/index.ts';
import type { CacheEntry } from '../repositories/cacheRepository.ts';
import type { Override } from '../repositories/overridesRepository.ts';
import type { TitleRowContext } from '../repositories/rowsRepository.ts';
import type { TitleClassificationWrite } from '../repositories/titlesRepository.ts';

export const OVERRIDE_CONFIDENCE = 1;
/** Cache entries are earlier AI picks; a verified one was confirmed by an administrator. */
export const CACHE_CONFIDENCE = 0.7;
export const VERIFIED_CACHE_CONFIDENCE = 0.95;

/** Whether a version knows both codes: the US code in its catalogue and the UK code with pay (its own or a stated proxy). */
export function knowsCodes(reference: CompiledReference, usSoc2018: string | null, ukSoc2020: string | null): boolean {
  return (usSoc2018 === null || usSoc2018 in reference.data.occupations.us) && reference.knowsUk(ukSoc2020);
}

export function fromOverride(reference: CompiledReference, override: Override): TitleReading | null {
  if (!knowsCodes(reference, override.usSoc2018, override.ukSoc2020) || !reference.role(override.category, override.subcategory)) return null;
  return {
    source: 'override', usSoc2018: override.usSoc2018, ukSoc2020: override.ukSoc2020, category: override.category,
    subcategory: override.subcategory, confidence: OVERRIDE_CONFIDENCE, reviewRequired: false, reason: null, alternatives: null,
    overrideScope: override.scope,
  };
}

export function fromCache(reference: CompiledReference, title: string, entry: CacheEntry): TitleReading | null {
  if (!knowsCodes(reference, entry.usSoc2018, entry.ukSoc2020)) return null;
  const named = entry.category && entry.subcategory ? reference.role(entry.category, entry.subcategory) : undefined;
  const role = named ?? roleForCodes(reference, entry.usSoc2018, reference.firstRule(matchText(title))?.role ?? reference.otherRole);
  return {
    source: 'cache', usSoc2018: entry.usSoc2018, ukSoc2020: entry.ukSoc2020, category: role.category, subcategory: role.subcategory,
    confidence: entry.verified ? VERIFIED_CACHE_CONFIDENCE : CACHE_CONFIDENCE, reviewRequired: false, reason: null, alternatives: null,
  };
}

/** Only the title coder explains itself and offers other readings; other sources store neither. */
function write(c: Classification, reviewRequired = false): TitleReading {
  const coded = c.source === 'rules';
  return {
    source: c.source, usSoc2018: c.usSoc2018, ukSoc2020: c.ukSoc2020 ?? '', category: c.category, subcategory: c.subcategory,
    confidence: c.confidence, reviewRequired, reason: coded ? (c.reason ?? null) : null, alternatives: coded ? (c.alternatives ?? []) : null,
    ...(c.contextUsed && { contextUsed: c.contextUsed }),
  };
}

/** The review queue: titles whose calibrated confidence falls below the version's threshold. */
const belowThreshold = (reference: CompiledReference, c: Classification) => c.confidence < reference.data.classification.reviewThreshold;

export const fromPack = (reference: CompiledReference, packId: string, title: string): TitleReading | null => {
  const hit = classifyByPack(reference, packId, title);
  return hit && write(hit);
};

/** The title coded alone (a title whose rows carry no context, or none were read). */
export function fromRules(reference: CompiledReference, title: string): TitleReading {
  const c = classifyByRules(reference, title);
  return write(c, belowThreshold(reference, c));
}

/** An accepted AI pick; low confidence goes to the review queue. */
export function fromAiPick(reference: CompiledReference, title: string, pick: { usSoc2018: string; ukSoc2020: string; confidence: number }): TitleReading {
  const c = classifyAiPick(reference, title, pick);
  return write(c, belowThreshold(reference, c));
}

/** The contexts of a title's rows, grouped by context key, and what holds for the whole list. */
export interface TitleContexts {
  groups: ContextGroup[];
  list: ListContext;
}

/** Each title's rows grouped by context key, from the rows readTitleContexts read. */
export function contextsByTitle(rows: readonly TitleRowContext[], list: ListContext): Map<string, TitleContexts> {
  const rowsOf = new Map<string, TitleRowContext[]>();
  for (const row of rows) {
    const list = rowsOf.get(row.title);
    if (list) list.push(row);
    else rowsOf.set(row.title, [row]);
  }
  return new Map([...rowsOf].map(([title, titleRows]) => [title, { groups: groupContexts(titleRows, list), list }]));
}

/**
 * A title's classification over the contexts of its rows (issue 24). `decided` is a decision about the title
 * itself, taken by the spec's resolution order before the rules: an override of the title everywhere, the
 * pack's overlay, the shared cache or an AI pick; it holds in every context. Without one, the deterministic
 * coder reads each context of the title once (classifyInContext: unit, organisation, grade, professional group
 * and pay band). Then the overrides of single contexts take their rows. When the contexts give different codes,
 * the title keeps each reading as a variant; its own fields hold the largest, and it is in review when any
 * variant is. Only the coder and scoped overrides split a title: every other source is a title-level decision.
 */
export function resolveInContexts(
  reference: CompiledReference,
  title: string,
  decided: TitleReading | null,
  contexts: TitleContexts | undefined,
  scoped: readonly Override[] = [],
): TitleClassificationWrite {
  if (!contexts || contexts.groups.length === 0) return titleLevel(decided ?? fromRules(reference, title));
  const scopedReadings = scoped.flatMap((o) => {
    const reading = o.scope && fromOverride(reference, o);
    return reading ? [{ scope: o.scope!, reading }] : [];
  });
  const readings = contexts.groups.map((group) => {
    const scopedHit = scopedReadings.find((s) => scopeCovers(s.scope, group.context));
    if (scopedHit) return scopedHit.reading;
    if (decided) return decided;
    const c = classifyInContext(reference, title, group.context, contexts.list);
    return write(c, belowThreshold(reference, c));
  });
  const threshold = reference.data.classification.reviewThreshold;
  const variants = buildVariants(contexts.groups, readings, contexts.list, threshold);
  if (!variants) return titleLevel(pooledReading(contexts.groups.map((group, i) => ({ group, reading: readings[i] })), threshold));
  const { contextKeys: _keys, label: _label, splitBy: _split, scope: _scope, headcount: _headcount, overrideScope: _override, ...largest } = variants[0];
  return { ...largest, reviewRequired: variants.some((v) => v.reviewRequired), variants };
}

/** A reading as the title's own classification, without the parts only a variant keeps. */
function titleLevel(reading: TitleReading): TitleClassificationWrite {
  const { contextUsed: _used, overrideScope: _scope, ...fields } = reading;
  return { ...fields, variants: null };
}
