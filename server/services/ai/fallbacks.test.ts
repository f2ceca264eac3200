import { describe, expect, it } from 'vitest';
import { buildDatasetSummary, homeSettings } from '../../../workers/scoring/index.ts';
import { ACCOUNTANT, row } from '../../../workers/scoring/test/fixture.ts';
import { compileReference } from '../../../workers/reference/compile.ts';
import { seed } from '../../../workers/reference/test/seed.ts';
import { ruleBasedSummary } from './fallbacks.ts';
import { narrativeFacts } from './facts.ts';

// The seed prices US lists in dollars; two accountants on a US list, one paid $100,000 and one priced at the
// OEWS median of 13-2011, cost (100,000 + 81,680) × 1.24 = $225,283.20.
const reference = compileReference(seed, 1);
const summary = buildDatasetSummary({
  rows: [row('a', 'Accountant', { salary: 100_000 }), row('b', 'Accountant')],
  classifications: new Map([['Accountant', ACCOUNTANT]]),
  reference,
  settings: homeSettings(reference, 'united-states')!,
  packId: 'general',
  createdAt: '2026-03-01T00:00:00.000Z',
  stats: {},
});

describe('the executive summary of a dollar list', () => {
  it('states the cost in dollars and names the currency in the rule-based text', () => {
    expect(summary.cost.total).toBe(225_283.2);
    expect(ruleBasedSummary('City payroll', summary)).toContain('with an annual cost of $225,283; all figures are in US dollars (USD).');
  });

  it('tells the model the currency of every money fact', () => {
    expect(narrativeFacts('City payroll', null, summary).currency).toEqual({ code: 'USD', name: 'US dollars', sign: '$' });
  });
});
