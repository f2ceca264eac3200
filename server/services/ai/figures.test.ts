import { describe, expect, it } from 'vitest';
import { foreignCurrencySigns, inventedFigures } from './figures.ts';

const FACTS = { headcount: 1234, annualCost: { total: 45_678_901 }, automatableWorkPercent: 24.2, share: 0.375, programmeStarts: '2026-H2', roi: 2.41 };

describe('the invented-figure check of narratives', () => {
  it('accepts figures quoted as a reader would: separators, rounding to the digits shown, thousands and millions', () => {
    expect(inventedFigures('We found 1,234 people costing £45,678,901, about £45.7m or £46 million a year.', FACTS)).toEqual([]);
    expect(inventedFigures('Some 24.2% of work, roughly 24%, could be automated; the return is 2.4×.', FACTS)).toEqual([]);
  });

  it('accepts a 0–1 share quoted as a percentage and the year of a period label', () => {
    expect(inventedFigures('A share of 37.5% from the 2026 programme.', FACTS)).toEqual([]);
  });

  it('lets counting numbers up to ten pass, but not larger or decimal ones', () => {
    expect(inventedFigures('Across 3 scenarios and 7 phases.', FACTS)).toEqual([]);
    expect(inventedFigures('Across 11 teams and 2.5 layers.', FACTS)).toEqual(['11', '2.5']);
  });

  it('names every figure that is not among the facts', () => {
    expect(inventedFigures('Turnover is 17% and we could save £4,321,987 or £9.9m.', FACTS)).toEqual(['17', '4,321,987', '9.9m']);
  });

  it('ignores digits inside codes and identifiers', () => {
    expect(inventedFigures('Cited from dataset:0b1c2d3e-4f50-4000-8000-123456789abc in H2 under SOC-2020.', FACTS)).toEqual([]);
  });
});

describe('the currency check of narratives', () => {
  const dollars = { currency: { code: 'USD', name: 'US dollars', sign: '$' } };

  it('refuses pounds in the write-up of a dollar list', () => {
    expect(foreignCurrencySigns('The workforce costs £990.6m a year.', dollars)).toEqual(['£']);
  });

  it('accepts the list’s own sign', () => {
    expect(foreignCurrencySigns('The workforce costs $990.6m a year.', dollars)).toEqual([]);
  });
});
