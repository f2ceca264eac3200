import { describe, expect, it } from 'vitest';
import { contextKey, type ListContext } from '../classify/context.ts';
import { compiledSeed } from '../reference/test/seed.ts';
import { buildDatasetSummary, defaultSettings, type TitleClassification } from '../scoring/index.ts';
import type { ExportRow, ExportTitle } from './input.ts';
import { scorePeople } from './people.ts';

/** A title read as a solicitor in Legal and as a sales executive in Sales (issue 24): each person keeps their own reading. */
describe('people figures of a title with variants', () => {
  const reference = compiledSeed();
  const list: ListContext = { currency: 'GBP', payScale: 0.9 };
  const rows: ExportRow[] = [
    { employeeId: 'E1', managerEmployeeId: null, title: 'Associate', salary: 60_000, fte: 1, location: null, division: 'Legal', grade: 'G7' },
    { employeeId: 'E2', managerEmployeeId: 'E1', title: 'Associate', salary: 30_000, fte: 1, location: null, division: 'Sales' },
    { employeeId: 'E3', managerEmployeeId: 'E1', title: 'Associate', salary: 61_000, fte: 1, location: null, division: 'Legal', grade: 'G7' },
  ];
  const solicitor = { usSoc2018: '23-1011', ukSoc2020: '2412', category: 'Legal', subcategory: 'Solicitor', confidence: 0.82, source: 'rules' as const };
  const sales = { usSoc2018: '41-3091', ukSoc2020: '3552', category: 'Sales', subcategory: 'Sales Executive', confidence: 0.82, source: 'rules' as const };
  const variants = [
    { ...solicitor, contextKeys: [...new Set([contextKey(rows[0]!, list), contextKey(rows[2]!, list)])] },
    { ...sales, contextKeys: [contextKey(rows[1]!, list)] },
  ];
  const title: TitleClassification = { ...solicitor, variants };
  const summary = buildDatasetSummary({
    rows, classifications: new Map([['Associate', title]]), reference, settings: defaultSettings(reference), packId: 'general', createdAt: '2026-07-01T00:00:00Z', stats: {}, codingContext: list,
  });
  const stored: ExportTitle = { title: 'Associate', headcount: 3, reviewRequired: false, ...solicitor, variants };
  const people = scorePeople(rows, [stored], reference, summary, []);

  it('gives each person the codes of their own variant, found with the summary’s coding context', () => {
    expect(people.map((p) => [p.employeeId, p.usSoc2018, p.subcategory])).toEqual([
      ['E1', '23-1011', 'Solicitor'],
      ['E2', '41-3091', 'Sales Executive'],
      ['E3', '23-1011', 'Solicitor'],
    ]);
  });

  it('adds up to the summary, which counted each person in their own variant', () => {
    expect(people.reduce((sum, p) => sum + p.cost, 0)).toBeCloseTo(summary.cost.total, 2);
    expect(Object.fromEntries(summary.categories.map((c) => [c.category, c.headcount]))).toEqual({ Legal: 2, Sales: 1 });
  });
});
