import { describe, expect, it } from 'vitest';
import type { ReferenceData } from '../../../schema/reference/index.ts';
import { buildDatasetSummary } from '../build.ts';
import { createScoringContext } from '../context.ts';
import { scoreRow } from '../row.ts';
import { defaultSettings, homeSettings, resolveSettings, summarySettings } from '../settings.ts';
import { summaryCurrency } from '../../../schema/datasetSummary.ts';
import { ACCOUNTANT, DEVELOPER, PAYROLL, classified, row, tinyReference, UNCLASSIFIED } from './fixture.ts';

/**
 * Lists in their own currency (scoring.md §3, "Home region and currency"). The tiny reference gains a United
 * States region (USD, factor 1.5, employer cost multiplier 1.3, salaries native) and US pay: Accountants
 * (13-2011) $80,000, Software Developers (15-1252) $120,000, Payroll clerks (43-3051) $45,000 as a proxy, every
 * other code $50,000. UK regions are in pounds; the UK employer cost multiplier is 1.2.
 */
const withUs = (doc: ReferenceData) => {
  for (const region of doc.locations.regions) region.currency = region.key === 'india' ? 'INR' : 'GBP';
  doc.locations.regions.push({
    key: 'united-states',
    label: 'United States',
    defaultFactor: 1.5,
    countryAliases: ['USA', 'United States'],
    keywords: ['maryland'],
    nativeSalary: true,
    currency: 'USD',
    employerCostMultiplier: 1.3,
  });
  doc.occupations.usPay = {
    region: 'united-states',
    medians: { '13-2011': 80_000, '15-1252': 120_000 },
    proxyMedians: { '43-3051': 45_000 },
    fallbackMedian: 50_000,
  };
};

const reference = tinyReference(withUs);
const us = homeSettings(reference, 'united-states')!;
const usContext = createScoringContext(reference, us, 'general');
const ukContext = createScoringContext(reference, defaultSettings(reference), 'general');

describe('a list’s settings follow its home region', () => {
  it('gives a US list dollars and the US employer cost multiplier', () => {
    expect(us).toEqual({ employerCostMultiplier: 1.3, region: 'united-states', currency: 'USD' });
  });

  it('gives a UK region without its own multiplier pounds and the costs section’s multiplier', () => {
    expect(homeSettings(reference, 'london')).toEqual({ employerCostMultiplier: 1.2, region: 'london', currency: 'GBP' });
  });

  it('refuses a home whose salaries are not native or whose currency has no pay', () => {
    expect(homeSettings(reference, 'india')).toBeNull();
    expect(homeSettings(reference, 'atlantis')).toBeNull();
  });

  it('reads settings saved before lists had a home as the baseline in pounds, keeping their multiplier', () => {
    expect(resolveSettings(reference, { employerCostMultiplier: 1.25 })).toEqual({ employerCostMultiplier: 1.25, region: 'uk', currency: 'GBP' });
  });

  it('keeps a chosen multiplier over the home region’s default', () => {
    expect(resolveSettings(reference, { region: 'united-states', employerCostMultiplier: 1.4 })).toEqual({ employerCostMultiplier: 1.4, region: 'united-states', currency: 'USD' });
  });

  it('takes the currency from the home region, never from what was saved', () => {
    expect(resolveSettings(reference, { region: 'united-states', currency: 'GBP' })?.currency).toBe('USD');
  });

  it('refuses to re-score a summary whose home the version cannot price', () => {
    expect(() => summarySettings(tinyReference(), { employerCostMultiplier: 1.3, region: 'united-states' })).toThrow(/cannot price/);
  });
});

describe('cost of a US list (scoring.md §3)', () => {
  it('uses an uploaded dollar salary as is, times the US multiplier, for a row with no location', () => {
    // $100,000 × 1.3 = $130,000; no location: the home region
    const s = scoreRow(row('a', 'Accountant', { salary: 100_000 }), ACCOUNTANT, usContext);
    expect(s.cost).toBeCloseTo(130_000, 9);
    expect(s.costImputed).toBe(false);
    expect(s.regionKey).toBe('united-states');
  });

  it('prices a missing salary at the US median of the row’s US code', () => {
    // 13-2011: $80,000 × 1.5 ÷ 1.5 × 1.3 = $104,000
    const s = scoreRow(row('a', 'Accountant'), ACCOUNTANT, usContext);
    expect(s.cost).toBeCloseTo(104_000, 9);
    expect(s.costImputed).toBe(true);
  });

  it('prices a US code without its own median at its proxy, and a row without a US code at the all-occupations median', () => {
    // 43-3051 proxy: $45,000 × 1.3 = $58,500; no US code: $50,000 × 1.3 = $65,000
    expect(scoreRow(row('a', 'Payroll'), PAYROLL, usContext).cost).toBeCloseTo(58_500, 9);
    expect(scoreRow(row('b', 'Someone'), UNCLASSIFIED, usContext).cost).toBeCloseTo(65_000, 9);
  });

  it('prices a US code the table lacks at the all-occupations median', () => {
    // 43-9061 has no entry: $50,000 × 1.3 = $65,000
    expect(scoreRow(row('a', 'Clerk'), classified('Administration', 'Office Clerk', '43-9061', '4159'), usContext).cost).toBeCloseTo(65_000, 9);
  });

  it('prices a row in a pound region at the US median scaled by the two regions’ factors, whatever was uploaded', () => {
    // London in a dollar list: $80,000 × 1.25 ÷ 1.5 × 1.3 = $86,666.67
    const s = scoreRow(row('a', 'Accountant', { salary: 60_000, location: 'London' }), ACCOUNTANT, usContext);
    expect(s.cost).toBeCloseTo((80_000 * 1.25 * 1.3) / 1.5, 6);
    expect(s.costImputed).toBe(true);
  });

  it('saves on an offshore candidate against the US factor', () => {
    // Software developer (major 15, percentile 60 ≥ offshoreBelow 50) is hybrid; a clerk at percentile 40 is a
    // candidate: $65,000 × (1 − 0.5 ÷ 1.5) = $43,333.33
    const s = scoreRow(row('a', 'Clerk'), classified('Administration', 'Office Clerk', '43-9061', '4159'), usContext);
    expect(s.offshore).toBe('offshore');
    expect(s.offshoreSaving).toBeCloseTo(65_000 * (1 - 0.5 / 1.5), 6);
  });
});

describe('cost of a UK list beside a US region', () => {
  it('prices a US-located row of a pound list at the UK median times the US factor, whatever was uploaded', () => {
    // Developer 2134: £50,000 × 1.5 ÷ 1 × 1.2 = £90,000
    const s = scoreRow(row('a', 'Developer', { salary: 150_000, location: 'USA' }), DEVELOPER, ukContext);
    expect(s.regionKey).toBe('united-states');
    expect(s.cost).toBeCloseTo(90_000, 9);
    expect(s.costImputed).toBe(true);
  });

  it('keeps a pound salary in a pound region', () => {
    // £40,000 × 1.2 = £48,000
    expect(scoreRow(row('a', 'Accountant', { salary: 40_000 }), ACCOUNTANT, ukContext).cost).toBeCloseTo(48_000, 9);
  });
});

describe('the summary of a US list', () => {
  const summary = buildDatasetSummary({
    rows: [row('a', 'Accountant', { salary: 100_000 }), row('b', 'Accountant')],
    classifications: new Map([['Accountant', ACCOUNTANT]]),
    reference,
    settings: us,
    packId: 'general',
    createdAt: '2026-03-01T00:00:00.000Z',
    stats: {},
  });

  it('carries its home region and currency in its settings', () => {
    expect(summary.settings).toEqual({ employerCostMultiplier: 1.3, region: 'united-states', currency: 'USD' });
    expect(summaryCurrency(summary)).toBe('USD');
  });

  it('adds the dollar costs: $130,000 uploaded and $104,000 priced', () => {
    expect(summary.cost.total).toBe(234_000);
    expect(summary.stats.costImputed).toBe(1);
  });

  it('reads a summary stored before currencies as pounds', () => {
    expect(summaryCurrency({ settings: { employerCostMultiplier: 1.23 } })).toBe('GBP');
  });
});

describe('the reference’s pay tables and home regions', () => {
  it('prices a document made before currencies in pounds only, its native regions being the homes', () => {
    const old = tinyReference();
    expect(old.homeRegions.map((r) => r.key)).toEqual(['uk', 'london']);
    expect(old.payTable('GBP')?.region.key).toBe('uk');
    expect(old.payTable('USD')).toBeNull();
  });

  it('adds the US region as a home once it has US pay in dollars', () => {
    expect(reference.homeRegions.map((r) => r.key)).toEqual(['uk', 'london', 'united-states']);
    expect(reference.payTable('USD')?.region.key).toBe('united-states');
    expect(reference.payTable('USD')?.median('13-2011', '2421')).toBe(80_000);
    expect(reference.payTable('GBP')?.median('13-2011', '2421')).toBe(40_000);
  });
});
