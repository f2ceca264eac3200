import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { normaliseTitle } from '../../../workers/classify/normalise.ts';
import { isHeldOut } from './holdout.ts';
import { loadTitleSets, officialTitleAsJobTitle } from './titleSets.ts';

const dataDir = fileURLToPath(new URL('../../../../shared/data', import.meta.url));

describe('officialTitleAsJobTitle', () => {
  it('turns the head nouns of an official title singular', () => {
    expect(officialTitleAsJobTitle('Payroll and Timekeeping Clerks')).toBe('Payroll and Timekeeping Clerk');
    expect(officialTitleAsJobTitle('Accountants and Auditors')).toBe('Accountant and Auditor');
    expect(officialTitleAsJobTitle('Heat Treating Equipment Setters, Operators, and Tenders, Metal and Plastic')).toBe(
      'Heat Treating Equipment Setter, Operator, and Tender, Metal and Plastic',
    );
  });

  it('singularises the noun before "of" and leaves the rest', () => {
    expect(officialTitleAsJobTitle('First-Line Supervisors of Office and Administrative Support Workers')).toBe(
      'First-Line Supervisor of Office and Administrative Support Workers',
    );
  });

  it('drops residual clauses and keeps words that only look plural', () => {
    expect(officialTitleAsJobTitle('Managers, All Other')).toBe('Manager');
    expect(officialTitleAsJobTitle('Secretaries and Administrative Assistants, Except Legal, Medical, and Executive')).toBe(
      'Secretary and Administrative Assistant',
    );
    expect(officialTitleAsJobTitle('Sales and marketing directors')).toBe('Sales and marketing director');
  });
});

describe.skipIf(!existsSync(dataDir))('loadTitleSets (shared data)', () => {
  const sets = loadTitleSets(dataDir);

  it('never lets a held-out title into training', () => {
    for (const t of [...sets.train.us, ...sets.train.uk]) expect(isHeldOut(t.normalised)).toBe(false);
    const trained = new Set([...sets.train.us, ...sets.train.uk].map((t) => t.normalised));
    for (const t of [...sets.heldOut.onet, ...sets.heldOut.ons]) {
      expect(isHeldOut(normaliseTitle(t.title))).toBe(true);
      expect(trained.has(t.normalised)).toBe(false);
    }
  });

  it('holds out about a fifth of the O*NET and ONS titles', () => {
    expect(sets.heldOut.onet.length).toBeGreaterThan(6_500);
    expect(sets.heldOut.ons.length).toBeGreaterThan(3_500);
    expect(sets.train.us.length).toBeGreaterThan(25_000);
    expect(sets.train.uk.length).toBeGreaterThan(14_000);
  });

  it('gives an ONS title the index default as its gold code', () => {
    for (const t of sets.heldOut.ons) expect(t.codes).toContain(t.gold);
  });
});
