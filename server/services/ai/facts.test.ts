import { describe, expect, it } from 'vitest';
import { accountants, accountantsSummary } from '../../../workers/scoring/test/fixture.ts';
import { narrativeFacts } from './facts.ts';

const summaryOf = (managerOf: (i: number) => string | null) => accountantsSummary(accountants(12, managerOf));

describe('the organisation facts sent to the narrative model', () => {
  it('gives the layers, managers and spans of a list with reporting lines', () => {
    expect(narrativeFacts('Staff', null, summaryOf(() => 'E0')).organisation).toEqual({ layers: 2, managers: 1, averageSpan: 11, medianSpan: 11 });
  });

  it('says a list without reporting lines has none, instead of zero managers and spans', () => {
    expect(narrativeFacts('Staff', null, summaryOf(() => null)).organisation).toEqual({ reportingLines: expect.stringMatching(/^none/) });
  });
});
