import { classifyAiPick, classifyByPack, classifyByRules, matchText, roleForCodes, type Classification } from '../../workers/classify/classify.ts';
import type { CompiledReference } from '../../workers/reference/index.ts';
import type { CacheEntry } from '../repositories/cacheRepository.ts';
import type { Override } from '../repositories/overridesRepository.ts';
import type { TitleClassificationWrite } from '../repositories/titlesRepository.ts';

export const OVERRIDE_CONFIDENCE = 1;
/** Cache entries are earlier AI picks; a verified one was confirmed by an administrator. */
export const CACHE_CONFIDENCE = 0.7;
export const VERIFIED_CACHE_CONFIDENCE = 0.95;

/** Whether a version knows both codes: the US code in its catalogue and the UK code with pay (its own or a stated proxy). */
export function knowsCodes(reference: CompiledReference, usSoc2018: string | null, ukSoc2020: string | null): boolean {
  return (usSoc2018 === null || usSoc2018 in reference.data.occupations.us) && reference.knowsUk(ukSoc2020);
}

export function fromOverride(reference: CompiledReference, override: Override): TitleClassificationWrite | null {
  if (!knowsCodes(reference, override.usSoc2018, override.ukSoc2020) || !reference.role(override.category, override.subcategory)) return null;
  return {
    source: 'override', usSoc2018: override.usSoc2018, ukSoc2020: override.ukSoc2020, category: override.category,
    subcategory: override.subcategory, confidence: OVERRIDE_CONFIDENCE, reviewRequired: false, reason: null, alternatives: null,
  };
}

export function fromCache(reference: CompiledReference, title: string, entry: CacheEntry): TitleClassificationWrite | null {
  if (!knowsCodes(reference, entry.usSoc2018, entry.ukSoc2020)) return null;
  const named = entry.category && entry.subcategory ? reference.role(entry.category, entry.subcategory) : undefined;
  const role = named ?? roleForCodes(reference, entry.usSoc2018, reference.firstRule(matchText(title))?.role ?? reference.otherRole);
  return {
    source: 'cache', usSoc2018: entry.usSoc2018, ukSoc2020: entry.ukSoc2020, category: role.category, subcategory: role.subcategory,
    confidence: entry.verified ? VERIFIED_CACHE_CONFIDENCE : CACHE_CONFIDENCE, reviewRequired: false, reason: null, alternatives: null,
  };
}

/** Only the title coder explains itself and offers other readings; other sources store neither. */
function write(c: Classification, reviewRequired = false): TitleClassificationWrite {
  const coded = c.source === 'rules';
  return {
    source: c.source, usSoc2018: c.usSoc2018, ukSoc2020: c.ukSoc2020 ?? '', category: c.category, subcategory: c.subcategory,
    confidence: c.confidence, reviewRequired, reason: coded ? (c.reason ?? null) : null, alternatives: coded ? (c.alternatives ?? []) : null,
  };
}

/** The review queue: titles whose calibrated confidence falls below the version's threshold. */
const belowThreshold = (reference: CompiledReference, c: Classification) => c.confidence < reference.data.classification.reviewThreshold;

export const fromPack = (reference: CompiledReference, packId: string, title: string): TitleClassificationWrite | null => {
  const hit = classifyByPack(reference, packId, title);
  return hit && write(hit);
};

export function fromRules(reference: CompiledReference, title: string): TitleClassificationWrite {
  const c = classifyByRules(reference, title);
  return write(c, belowThreshold(reference, c));
}

/** An accepted AI pick; low confidence goes to the review queue. */
export function fromAiPick(reference: CompiledReference, title: string, pick: { usSoc2018: string; ukSoc2020: string; confidence: number }): TitleClassificationWrite {
  const c = classifyAiPick(reference, title, pick);
  return write(c, belowThreshold(reference, c));
}
