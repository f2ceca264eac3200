import { describe, expect, it } from 'vitest';
import { buildDatasetSummary } from '../../../workers/scoring/build.ts';
import { defaultSettings } from '../../../workers/scoring/settings.ts';
import { ACCOUNTANT, row, tinyReference } from '../../../workers/scoring/test/fixture.ts';
import { narrativeFacts } from './facts.ts';

const reference = tinyReference();
const summaryOf = (managerOf: (i: number) => string | null) =>
  buildDatasetSummary({
    rows: Array.from({ length: 12 }, (_, i) => row(`E${i}`, 'Accountant', { salary: 40_000, managerEmployeeId: i > 0 ? managerOf(i) : null })),
    classifications: new Map([['Accountant', ACCOUNTANT]]),
    reference,
    settings: defaultSettings(reference),
    packId: 'general',
    createdAt: '2026-07-15T09:00:00Z',
    stats: {},
  });

describe('the organisation facts sent to the narrative model', () => {
  it('gives the layers, managers and spans of a list with reporting lines', () => {
    expect(narrativeFacts('Staff', null, summaryOf(() => 'E0')).organisation).toEqual({ layers: 2, managers: 1, averageSpan: 11, medianSpan: 11 });
  });

  it('says a list without reporting lines has none, instead of zero managers and spans', () => {
    expect(narrativeFacts('Staff', null, summaryOf(() => null)).organisation).toEqual({ reportingLines: expect.stringMatching(/^none/) });
  });
});
