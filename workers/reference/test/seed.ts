import { readFileSync } from 'node:fs';
import type { ReferenceData } from '../../../schema/reference/index.ts';
import { compileReference, type CompiledReference } from '../compile.ts';
import type { ReferenceIssue } from '../issues.ts';
import { validateReferenceData } from '../validate.ts';

/**
 * The built-in reference document (seeds/reference-v1.json) for tests. REFERENCE_SEED_PATH points the
 * suite at another document, e.g. a draft being prepared for publishing.
 */
const path = process.env.REFERENCE_SEED_PATH ?? new URL('../../../seeds/reference-v1.json', import.meta.url);
export const seed: ReferenceData = JSON.parse(readFileSync(path, 'utf8'));

/** The seed validated and compiled, as the app loads it; throws when it does not validate. */
export function compiledSeed(): CompiledReference {
  const validation = validateReferenceData(seed);
  if (!validation.ok || !validation.data) throw new Error('the reference seed does not validate');
  return compileReference(validation.data);
}

/** A deep copy of the seed after `change`, typed loosely so tests can also break its shape. */
export function mutated(change: (doc: ReferenceData) => void): unknown {
  const doc = structuredClone(seed);
  change(doc);
  return doc;
}

/** The seed with its taxonomy cut to its first `rules` rules: quick to validate many times. */
export function smallReference(rules = 25): ReferenceData {
  const doc = structuredClone(seed);
  doc.taxonomy.rules = doc.taxonomy.rules.slice(0, rules);
  return doc;
}

export const at = (issues: ReferenceIssue[], severity: ReferenceIssue['severity'], path: string) =>
  issues.filter((i) => i.severity === severity && i.path === path);

/** Index of the first role with an anchor that has an exposure-table entry. */
export function anchoredRoleIndex(doc: ReferenceData): number {
  const i = doc.taxonomy.roles.findIndex((r) => r.anchor && doc.occupations.aioe[r.anchor.usSoc2018]);
  if (i < 0) throw new Error('the seed has no anchored role with an exposure entry');
  return i;
}
