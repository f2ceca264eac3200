import type { Role } from '../../schema/reference/index.ts';
import type { CompiledReference, OverlayHit, RuleHit } from '../reference/compile.ts';
import { cleanTitle } from './clean.ts';
import type { CoderPath } from '../../schema/reference/coder.ts';
import { own, type CodedPair } from './coder.ts';
import { normaliseTitle } from './normalise.ts';

/**
 * The rule classifier and the resolution steps of scoring.md §2 that need no database: pack overlay, then
 * taxonomy rules; and the role given to codes picked by the AI. Overrides, the shared cache and the AI call
 * itself live on the server and run before these.
 */

export type ClassificationSource = 'override' | 'pack' | 'cache' | 'ai' | 'rules';

/** Another reading of a title that a reviewer may accept instead; `score` is its calibrated chance (0–1). */
export interface ClassificationAlternative {
  usSoc2018: string | null;
  ukSoc2020: string | null;
  score: number;
  reason: string;
}

export interface Classification {
  usSoc2018: string | null;
  ukSoc2020: string | null;
  category: string;
  subcategory: string;
  confidence: number;
  source: ClassificationSource;
  /** Why the coder chose the codes, in a reviewer's words (rules only; null for other sources). */
  reason?: string | null;
  /** Up to three other readings, best first (rules only). */
  alternatives?: ClassificationAlternative[];
}

export const RULE_CONFIDENCE = 0.6;
export const PACK_CONFIDENCE = 0.8;

/** The text rules and overlays are matched against: the title cleaned of staff-list noise, then normalised. */
export function matchText(title: string): string {
  return normaliseTitle(cleanTitle(title));
}

/** A role's codes: its UK unit group (else the reference's default UK code) and its anchor's US code. */
function fromRole(compiled: CompiledReference, role: Role, confidence: number, source: ClassificationSource): Classification {
  return {
    usSoc2018: role.anchor?.usSoc2018 ?? null,
    ukSoc2020: role.ukSoc2020 ?? compiled.data.occupations.ukDefaultCode,
    category: role.category,
    subcategory: role.subcategory,
    confidence,
    source,
  };
}

const isOther = (compiled: CompiledReference, role: Role) => role === compiled.otherRole;

/** SOC 2018 major group 11 and SOC 2020 major group 1 are the management occupations. */
const managesOnEitherSide = (role: Role) => Boolean(role.anchor?.usSoc2018.startsWith('11-') || role.ukSoc2020?.startsWith('1'));

/**
 * The "rules" step (scoring.md §2, as extended by the scored coder): a curated taxonomy rule that matches
 * (and whose division restriction, if any, equals `division`) wins; otherwise the scored coder
 * (coder.ts) reads the title. Either way the coder's other readings are offered as alternatives and the
 * confidence is calibrated. A document without a coder (made before it) falls back to Other /
 * Uncategorised at confidence 0 when no rule matches, as before.
 */
export function classifyByRules(compiled: CompiledReference, title: string, division?: string | null, text = matchText(title)): Classification {
  return decideByRules(compiled, title, division ?? null, text).classification;
}

/** What decided a deterministic classification, for the reference editor's "test a title". */
export type Decider =
  | { kind: 'pack'; hit: OverlayHit }
  | { kind: 'rule'; hit: RuleHit }
  /** The way the coder reached its pair, whose calibration table gave the confidence. */
  | { kind: 'coder'; path: CoderPath }
  | { kind: 'none' };

export interface Decision {
  classification: Classification;
  decider: Decider;
}

function decideByRules(compiled: CompiledReference, title: string, division: string | null, text: string): Decision {
  const coder = compiled.coder();
  const coded = coder?.code(title, text) ?? null;
  const rule = compiled.firstRule(text, division);
  // A curated rule names a job, not a rank: when the coder reads a senior head ("Programme Director",
  // "Head of Health and Safety") and the rule's role is a management occupation on neither side (a head of
  // legal is a lawyer in SOC 2018 but a manager in SOC 2020), the head decides.
  const hit = rule && coded?.senior && !managesOnEitherSide(rule.role) ? null : rule;
  const alternativesOf = (pairs: CodedPair[], except: { us: string | null; uk: string | null }): ClassificationAlternative[] =>
    pairs
      .filter((p) => p.usSoc2018 !== except.us || p.ukSoc2020 !== except.uk)
      .slice(0, 3)
      .map((p) => ({ usSoc2018: p.usSoc2018, ukSoc2020: p.ukSoc2020, score: p.confidence, reason: p.reason }));
  if (hit) {
    const knowledge = compiled.data.classification.coder;
    const confidence = knowledge ? (own(knowledge.curatedConfidenceByRole ?? {}, hit.role.subcategory) ?? knowledge.curatedConfidence) : RULE_CONFIDENCE;
    const c = fromRole(compiled, hit.role, confidence, 'rules');
    const all = coded ? [coded.best, ...coded.alternatives] : [];
    const classification = {
      ...c,
      reason: `curated rule for '${hit.role.subcategory}'${hit.rule.division ? ` in division '${hit.rule.division}'` : ''}`,
      alternatives: alternativesOf(all, { us: c.usSoc2018, uk: c.ukSoc2020 }),
    };
    return { classification, decider: { kind: 'rule', hit } };
  }
  if (!coded) {
    return { classification: { ...fromRole(compiled, compiled.otherRole, 0, 'rules'), reason: 'no rule or coder evidence', alternatives: [] }, decider: { kind: 'none' } };
  }
  const { best } = coded;
  const role = compiled.roleForCodes(best.usSoc2018, best.ukSoc2020);
  const classification: Classification = {
    usSoc2018: best.usSoc2018,
    ukSoc2020: best.ukSoc2020,
    category: role.category,
    subcategory: role.subcategory,
    confidence: best.confidence,
    source: 'rules',
    reason: best.reason,
    alternatives: alternativesOf(coded.alternatives, { us: best.usSoc2018, uk: best.ukSoc2020 }),
  };
  return { classification, decider: { kind: 'coder', path: best.path } };
}

/**
 * The role for codes that carry no role of their own (AI picks, overlay rules without one): the rule role
 * when the rules placed the title somewhere other than Other / Uncategorised; else the first role anchored
 * on the same US code; else Other / Uncategorised.
 */
export function roleForCodes(compiled: CompiledReference, usSoc2018: string | null, ruleRole: Role): Role {
  if (!isOther(compiled, ruleRole)) return ruleRole;
  return (usSoc2018 ? compiled.roleByAnchor(usSoc2018) : undefined) ?? compiled.otherRole;
}

function ruleRoleOf(compiled: CompiledReference, text: string, division: string | null): Role {
  return compiled.firstRule(text, division)?.role ?? compiled.otherRole;
}

/** An AI pick's codes with the role scoring.md §2 gives them; `source` ai, the pick's own confidence. */
export function classifyAiPick(
  compiled: CompiledReference,
  title: string,
  pick: { usSoc2018: string; ukSoc2020: string; confidence: number },
  division?: string | null,
): Classification {
  const role = roleForCodes(compiled, pick.usSoc2018, ruleRoleOf(compiled, matchText(title), division ?? null));
  return {
    usSoc2018: pick.usSoc2018,
    ukSoc2020: pick.ukSoc2020,
    category: role.category,
    subcategory: role.subcategory,
    confidence: pick.confidence,
    source: 'ai',
  };
}

/** The pack's first matching overlay rule at confidence 0.8, or null when none matches. */
export function classifyByPack(compiled: CompiledReference, packId: string, title: string, division?: string | null, text = matchText(title)): Classification | null {
  return decideByPack(compiled, packId, division ?? null, text)?.classification ?? null;
}

function decideByPack(compiled: CompiledReference, packId: string, division: string | null, text: string): Decision | null {
  const hit = compiled.packOverlay(packId).first(text);
  if (!hit) return null;
  const { rule } = hit;
  const named = rule.category && rule.subcategory ? compiled.role(rule.category, rule.subcategory) : undefined;
  const role = named ?? roleForCodes(compiled, rule.usSoc2018, ruleRoleOf(compiled, text, division));
  const classification: Classification = {
    usSoc2018: rule.usSoc2018,
    ukSoc2020: rule.ukSoc2020,
    category: role.category,
    subcategory: role.subcategory,
    confidence: PACK_CONFIDENCE,
    source: 'pack',
  };
  return { classification, decider: { kind: 'pack', hit } };
}

/** Deterministic resolution without overrides, cache or AI: pack overlay, then rules. */
export function classifyWithoutAi(compiled: CompiledReference, title: string, options: { packId?: string | null; division?: string | null } = {}): Classification {
  return decideWithoutAi(compiled, title, options).classification;
}

/** classifyWithoutAi with what decided it (the overlay or taxonomy rule hit, the coder, or nothing) and the cleaned text matched. */
export function decideWithoutAi(
  compiled: CompiledReference,
  title: string,
  options: { packId?: string | null; division?: string | null } = {},
): Decision & { matchedText: string } {
  // The title is cleaned once for the overlay and the rules.
  const text = matchText(title);
  const division = options.division ?? null;
  const decision = (options.packId ? decideByPack(compiled, options.packId, division, text) : null) ?? decideByRules(compiled, title, division, text);
  return { ...decision, matchedText: text };
}
