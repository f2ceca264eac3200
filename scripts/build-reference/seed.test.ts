import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RuleIndex } from '../../workers/reference/ruleIndex.ts';
import { validateReferenceData } from '../../workers/reference/validate.ts';
import { CATEGORIES } from './taxonomy/categories.ts';
import { coherentShare, loadIscoBridge } from './taxonomy/pairing.ts';

const seedFile = fileURLToPath(new URL('../../seeds/reference-v1.json', import.meta.url));
const seed = JSON.parse(readFileSync(seedFile, 'utf8'));
const dataDir = fileURLToPath(new URL('../../../shared/data', import.meta.url));

describe('seeds/reference-v1.json', () => {
  it('validates without errors', () => {
    const result = validateReferenceData(seed);
    expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('stays under the 4 MB draft limit', () => {
    expect(statSync(seedFile).size).toBeLessThan(4 * 1024 * 1024);
  });

  it('gives every rule a literal word the index can file it under', () => {
    const index = new RuleIndex(seed.taxonomy.rules.map((r: { pattern: string }) => r.pattern));
    expect(index.unindexed).toEqual([]);
  });

  it('uses the business functions as categories, plus Other for Uncategorised', () => {
    const categories = new Set(seed.taxonomy.roles.map((r: { category: string }) => r.category));
    for (const c of categories) expect([...CATEGORIES, 'Other']).toContain(c);
    expect(seed.taxonomy.roles.filter((r: { subcategory: string }) => r.subcategory === 'Uncategorised')).toHaveLength(1);
  });

  it('names each role in whole words: a UK unit group in brackets is named in full or by its code, never cut short', () => {
    const names: string[] = seed.taxonomy.roles.map((r: { subcategory: string }) => r.subcategory);
    expect(names.filter((n) => /\([^)]*…$/.test(n))).toEqual([]);
    // A name too long for the limit is cut after a whole word of its US title ("... Operator, and…").
    for (const name of names.filter((n) => n.includes('…'))) expect(name, name).toMatch(/[A-Za-z]…(?: \(UK \d{4}\))?$/);
    expect(names).toContain('First-Line Supervisor of Firefighting and Prevention Workers (UK 1163)');
  });

  it('names every role once across categories', () => {
    const names = seed.taxonomy.roles.map((r: { subcategory: string }) => r.subcategory);
    expect(new Set(names).size).toBe(names.length);
  });

  it.skipIf(!existsSync(dataDir))('gives at least 90% of roles a US anchor and UK code in one ISCO-08 sub-major group', () => {
    expect(coherentShare(seed.taxonomy.roles, loadIscoBridge(dataDir, () => true))).toBeGreaterThanOrEqual(0.9);
  });
});
