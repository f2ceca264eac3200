import type { Citation } from '../../../schema/ai.ts';
import type { RoleType } from './facts.ts';
import { foreignCurrencySigns, inventedFigures } from './figures.ts';

export interface Narrative {
  markdown: string;
  confidence: number;
  citations: Citation[];
}

export type Judged<T> = { accepted: true; value: T } | { accepted: false; reason: string };

export const MIN_NARRATIVE_LENGTH = 40;
const SECOND_PERSON = /\b(you|your|yours|yourself|yourselves)\b/i;
/** AI text below this confidence is marked for review before sharing. */
export const NARRATIVE_REVIEW_BELOW = 0.6;

function readJson(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

const validConfidence = (c: unknown): c is number => typeof c === 'number' && Number.isFinite(c) && c >= 0 && c <= 1;

/** Non-empty, and every citation names the one permitted source. */
function citationsOf(value: unknown, citationSourceId: string): Citation[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const citations: Citation[] = [];
  for (const c of value) {
    const source = typeof c === 'string' ? c : (c as { source?: unknown } | null)?.source;
    if (source !== citationSourceId) return null;
    const detail = typeof c === 'object' && c !== null && typeof (c as { detail?: unknown }).detail === 'string' ? (c as { detail: string }).detail.slice(0, 500) : null;
    citations.push({ source, detail });
  }
  return citations;
}

/**
 * The narrative envelope (executive summary and Ask): valid JSON; markdown of at least 40
 * characters, never in the second person; a confidence within 0–1; at least one citation, all of
 * dataset:<id>; no currency sign but the list's own; and no figure that is not among the facts sent.
 */
export function parseNarrativeEnvelope(text: string, citationSourceId: string, facts: unknown): Judged<Narrative> {
  const json = readJson(text);
  if (!json) return { accepted: false, reason: 'The reply is not a JSON object.' };
  const { markdown, confidence } = json;
  if (typeof markdown !== 'string' || markdown.trim().length < MIN_NARRATIVE_LENGTH) return { accepted: false, reason: `The markdown is missing or shorter than ${MIN_NARRATIVE_LENGTH} characters.` };
  if (!validConfidence(confidence)) return { accepted: false, reason: 'The confidence is not a number from 0 to 1.' };
  const citations = citationsOf(json.citations, citationSourceId);
  if (!citations) return { accepted: false, reason: `The citations are missing or name a source other than ${citationSourceId}.` };
  // The envelope's voice: first person plural, never addressing the reader.
  if (SECOND_PERSON.test(markdown)) return { accepted: false, reason: 'The text addresses the reader in the second person.' };
  const foreign = foreignCurrencySigns(markdown, facts);
  if (foreign.length > 0) return { accepted: false, reason: `The text states money in ${foreign.join(', ')}, but the list's figures are in another currency.` };
  const invented = inventedFigures(markdown, facts);
  if (invented.length > 0) return { accepted: false, reason: `The text states figures that are not in the facts: ${invented.slice(0, 5).join(', ')}.` };
  return { accepted: true, value: { markdown: markdown.trim(), confidence, citations } };
}

export interface AiLifecycle {
  label: string;
  phases: { key: string; label: string; headcount: number }[];
  /** Roles the model placed, and those spread evenly because it did not. */
  mapping: { roles: number; evenlySpread: { role: string; headcount: number }[] };
  confidence: number;
  citations: Citation[];
}

export const MIN_PHASES = 3;
export const MAX_PHASES = 7;

/**
 * The value-chain response: 3 to 7 phases kept (distinct keys with labels), each role's weights over
 * known phases normalised, roles keyed by their exact names (others ignored), cited, and a
 * placed population above 0. Unplaced roles are spread evenly and reported, not counted as mapped.
 */
export function parseLifecycleResponse(text: string, roles: RoleType[], citationSourceId: string): Judged<AiLifecycle> {
  const json = readJson(text);
  if (!json) return { accepted: false, reason: 'The reply is not a JSON object.' };
  const phases: { key: string; label: string }[] = [];
  for (const p of Array.isArray(json.phases) ? json.phases : []) {
    const { key, label } = (p ?? {}) as { key?: unknown; label?: unknown };
    if (typeof key !== 'string' || typeof label !== 'string' || !key.trim() || !label.trim() || phases.some((q) => q.key === key)) continue;
    phases.push({ key, label: label.trim().slice(0, 100) });
  }
  if (phases.length < MIN_PHASES || phases.length > MAX_PHASES) return { accepted: false, reason: `${phases.length} usable phases; 3 to 7 are needed.` };
  if (!validConfidence(json.confidence)) return { accepted: false, reason: 'The confidence is not a number from 0 to 1.' };
  const citations = citationsOf(json.citations, citationSourceId);
  if (!citations) return { accepted: false, reason: `The citations are missing or name a source other than ${citationSourceId}.` };

  const headcountOf = new Map(roles.map((r) => [r.role, r.headcount]));
  const placed = new Map<string, number[]>();
  for (const entry of Array.isArray(json.roles) ? json.roles : []) {
    const { role, weights } = (entry ?? {}) as { role?: unknown; weights?: unknown };
    if (typeof role !== 'string' || !headcountOf.has(role) || placed.has(role) || !weights || typeof weights !== 'object') continue;
    const raw = phases.map((p) => {
      const w = (weights as Record<string, unknown>)[p.key];
      return typeof w === 'number' && Number.isFinite(w) && w > 0 ? w : 0;
    });
    const sum = raw.reduce((a, b) => a + b, 0);
    if (sum > 0) placed.set(role, raw.map((w) => w / sum));
  }
  const placedPopulation = [...placed.keys()].reduce((sum, role) => sum + headcountOf.get(role)!, 0);
  if (placedPopulation <= 0) return { accepted: false, reason: 'No role with people was placed on the value chain.' };

  const headcounts = phases.map(() => 0);
  const evenlySpread: { role: string; headcount: number }[] = [];
  for (const r of roles) {
    const shares = placed.get(r.role);
    if (!shares) evenlySpread.push({ role: r.role, headcount: r.headcount });
    (shares ?? phases.map(() => 1 / phases.length)).forEach((share, i) => (headcounts[i] += r.headcount * share));
  }
  return {
    accepted: true,
    value: {
      label: 'Value chain mapped by AI',
      phases: phases.map((p, i) => ({ ...p, headcount: Math.round(headcounts[i] * 100) / 100 })),
      mapping: { roles: placed.size, evenlySpread },
      confidence: json.confidence,
      citations,
    },
  };
}

const CITATIONS_SCHEMA = { type: 'array', items: { type: 'object', properties: { source: { type: 'string' }, detail: { type: 'string' } }, required: ['source'] } };

export const NARRATIVE_RESPONSE_SCHEMA = {
  name: 'narrative',
  schema: {
    type: 'object',
    properties: { markdown: { type: 'string' }, confidence: { type: 'number' }, citations: CITATIONS_SCHEMA },
    required: ['markdown', 'confidence', 'citations'],
  },
};

export const LIFECYCLE_RESPONSE_SCHEMA = {
  name: 'value_chain',
  schema: {
    type: 'object',
    properties: {
      phases: { type: 'array', items: { type: 'object', properties: { key: { type: 'string' }, label: { type: 'string' } }, required: ['key', 'label'] } },
      roles: { type: 'array', items: { type: 'object', properties: { role: { type: 'string' }, weights: { type: 'object', additionalProperties: { type: 'number' } } }, required: ['role', 'weights'] } },
      confidence: { type: 'number' },
      citations: CITATIONS_SCHEMA,
    },
    required: ['phases', 'roles', 'confidence', 'citations'],
  },
};
