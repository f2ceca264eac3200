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
});
