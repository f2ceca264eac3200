import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildOccupations, percentilesByRank } from './occupations.ts';

const dataDir = fileURLToPath(new URL('../../../shared/data', import.meta.url));

describe('percentilesByRank', () => {
  it('spreads 0 to 100 by rank and gives ties their mid-rank', () => {
    const p = percentilesByRank(new Map([['a', -1], ['b', 0.5], ['c', 0.5], ['d', 2], ['e', 3]]));
    expect(Object.fromEntries(p)).toEqual({ a: 0, b: 37.5, c: 37.5, d: 75, e: 100 });
  });
});

describe.skipIf(!existsSync(dataDir))('buildOccupations (shared data)', () => {
  const occ = buildOccupations(dataDir);

  it('lists the 23 US major groups and 867 detailed occupations', () => {
    expect(Object.keys(occ.usMajorGroups)).toHaveLength(23);
    expect(Object.keys(occ.us)).toHaveLength(867);
    expect(occ.us['43-3051']).toEqual({ title: 'Payroll and Timekeeping Clerks', major: '43' });
  });

  it('carries AIOE from SOC 2010 by averaging the linked codes', () => {
    expect(Object.keys(occ.aioe)).toHaveLength(800);
    for (const code of Object.keys(occ.aioe)) expect(occ.us[code]).toBeDefined();
    expect(occ.aioe['11-1011'].score).toBe(1.3342);
    const percentiles = Object.values(occ.aioe).map((a) => a.percentile);
    expect(Math.min(...percentiles)).toBe(0);
    expect(Math.max(...percentiles)).toBe(100);
  });

  it('prices every one of the 412 UK unit groups directly or through a proxy', () => {
    expect(Object.keys(occ.uk).length + Object.keys(occ.ukProxyMedians).length).toBe(412);
    expect(Object.keys(occ.uk)).toHaveLength(381);
    for (const code of Object.keys(occ.ukProxyMedians)) expect(occ.uk[code]).toBeUndefined();
  });

  it('keeps suppressed percentiles as null and the default code priced', () => {
    expect(Object.values(occ.uk).some((u) => u.p75 === null)).toBe(true);
    expect(occ.uk[occ.ukDefaultCode].median).toBe(27550);
    expect(occ.fallbackMedian).toBe(37430);
  });

  it('prices every civilian US occupation from OEWS in dollars, the 19 military ones at the all-occupations median', () => {
    const pay = occ.usPay!;
    expect(pay.region).toBe('united-states');
    expect(Object.keys(pay.medians)).toHaveLength(819);
    expect(Object.keys(pay.proxyMedians)).toHaveLength(29);
    const unpriced = Object.keys(occ.us).filter((c) => !(c in pay.medians) && !(c in pay.proxyMedians));
    expect(unpriced).toHaveLength(19);
    expect(unpriced.every((c) => c.startsWith('55-'))).toBe(true);
    expect(pay.fallbackMedian).toBe(49_500);
  });

  it('reads a US median as published, hourly × 2,080 where only hourly pay is given, and the mean where it is top-coded', () => {
    const pay = occ.usPay!;
    expect(pay.medians['11-1011']).toBe(206_420); // Chief Executives, A_MEDIAN
    expect(pay.medians['27-2011']).toBe(48_526); // Actors: $23.33 an hour × 2,080
    expect(pay.medians['29-1211']).toBe(336_640); // Anesthesiologists: median "#", annual mean
  });

  it('prices a US code OEWS publishes only inside an aggregate at its broad group', () => {
    // 13-1021..13-1023 are published as 13-1020 Buyers and Purchasing Agents
    expect(occ.usPay!.proxyMedians['13-1022']).toBe(75_650);
  });
});
