import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../schema/reference/index.ts';
import { tierIndexForBeta } from './copilot.ts';
import { buildCosts, ukFullTimeMedian, usAllOccupationsMedian, usEmployerCostMultiplier } from './costs.ts';
import { decileFrom, leastSquares } from './exposure.ts';
import { isMigratableRole } from './gcc.ts';
import { genericFunction, normaliseWeights } from './lifecycles.ts';
import { buildLocations, usToUkPayRatio, USD_PER_GBP } from './locations.ts';
import { PACKS } from './packs.ts';

const dataDir = fileURLToPath(new URL('../../../../shared/data', import.meta.url));

const role = (category: string, usSoc2018: string | null): Role => ({
  category,
  subcategory: `${category} role`,
  ukSoc2020: null,
  anchor: usSoc2018 ? { usSoc2018, socTitle: 'Title', aioePercentile: 50 } : null,
  rubric: { automation: 1, augmentation: 1 },
});

describe('exposure arithmetic', () => {
  it('fits a least-squares line', () => {
    expect(leastSquares([[0, 1], [50, 2], [100, 3]])).toEqual({ intercept: 1, slope: 0.02 });
  });

  it('starts a horizon at the first decile from which every higher decile reaches the share', () => {
    expect(decileFrom([0, 0.2, 0.6, 0.4, 0.55, 0.7, 0.8, 0.8, 0.9, 0.9], 0.5)).toBe(40);
    expect(decileFrom([0, 0.2, 0.6, 0.4, 0.55, 0.7, 0.8, 0.8, 0.9, 0.9], 0.75)).toBe(60);
  });
});

describe('costs', () => {
  it('reads the UK full-time median from ASHE Table 14.7a', () => {
    expect(ukFullTimeMedian(dataDir)).toBe(37_430);
  });

  it('adds employer NI at the median, pension, levy and other on-costs', () => {
    // 1 + 0.15 × (37,430 − 5,000) / 37,430 + 0.05 + 0.005 + 0.05 = 1.2350 → 1.23
    expect(buildCosts(dataDir)).toEqual({ employerCostMultiplier: 1.23 });
  });

  it('reads the US all-occupations median from OEWS May 2024', () => {
    expect(usAllOccupationsMedian(dataDir)).toBe(49_500);
  });

  it('adds US payroll taxes at the median and the stated health, retirement, unemployment and injury on-costs', () => {
    // 1 + 0.062 + 0.0145 + 0.006 × 7,000 / 49,500 + 0.01 + 0.01 + 0.10 + 0.04 = 1.2373 → 1.24
    expect(usEmployerCostMultiplier(dataDir)).toBe(1.24);
  });
});

describe('locations', () => {
  it('prices the United States from occupation-matched pay at $1.28 to the pound', () => {
    const ratio = usToUkPayRatio(dataDir);
    expect(ratio).toBeCloseTo(1.79, 2);
    const us = buildLocations(dataDir).regions.find((r) => r.key === 'united-states');
    expect(us?.defaultFactor).toBe(Math.round((ratio / USD_PER_GBP) * 100) / 100);
    expect(us?.defaultFactor).toBe(1.4);
  });

  it('gives the United States dollars and its own employer cost multiplier, and the UK regions pounds', () => {
    const regions = buildLocations(dataDir).regions;
    const us = regions.find((r) => r.key === 'united-states');
    expect(us).toMatchObject({ currency: 'USD', employerCostMultiplier: 1.24, nativeSalary: true });
    expect(regions.filter((r) => r.currency === 'GBP').map((r) => r.key)).toHaveLength(13);
    expect(regions.every((r) => /^[A-Z]{3}$/.test(r.currency ?? ''))).toBe(true);
  });

  it('puts overseas keywords before UK ones so New York is not Yorkshire', () => {
    const keys = buildLocations(dataDir).regions.map((r) => r.key);
    expect(keys.indexOf('united-states')).toBeLessThan(keys.indexOf('yorkshire-humber'));
  });
});

describe('lifecycle placement', () => {
  it('rounds weights to two places summing to exactly 1', () => {
    expect(normaliseWeights({ a: 1, b: 1, c: 1 })).toEqual({ a: 0.34, b: 0.33, c: 0.33 });
  });

  it('places a category by the business function its name says', () => {
    expect(genericFunction('Finance', [])).toBe('support');
    expect(genericFunction('Customer Service', [])).toBe('serve');
  });

  it('places an unnamed category by the major group most of its roles are anchored in', () => {
    expect(genericFunction('Fleet', [role('Fleet', '53-3032'), role('Fleet', '53-3033'), role('Fleet', '43-5032')])).toBe('deliver');
  });
});

describe('gcc migratable roles', () => {
  it('takes screen-based office support roles', () => {
    expect(isMigratableRole(role('Finance', '43-3051'))).toBe(true);
  });

  it('leaves office support roles that need a physical presence', () => {
    expect(isMigratableRole(role('Finance', '43-3071'))).toBe(false);
    expect(isMigratableRole(role('Logistics', '43-5071'))).toBe(false);
  });

  it('takes named remote-deliverable roles outside the office groups', () => {
    expect(isMigratableRole(role('Legal', '23-2011'))).toBe(true);
    expect(isMigratableRole(role('Healthcare', '29-1141'))).toBe(false);
  });

  it('leaves roles already covered by a migratable major group off the list', () => {
    expect(isMigratableRole(role('Finance', '13-2011'))).toBe(false);
  });
});

describe('copilot tiers', () => {
  it('reads a tier from beta with inclusive lower bounds', () => {
    expect([0.5, 0.49, 0.35, 0.2, 0.19].map(tierIndexForBeta)).toEqual([0, 1, 1, 2, 3]);
  });
});

describe('pack overlays', () => {
  const first = (packId: string, title: string) => {
    const pack = PACKS.find((p) => p.id === packId)!;
    return pack.overlay.find(([pattern]) => new RegExp(pattern, 'i').test(title))?.slice(1) ?? null;
  };

  it('reads a hospital consultant as a specialist doctor, but not a consultant nurse', () => {
    expect(first('healthcare', 'consultant cardiologist')).toEqual(['29-1229', '2212']);
    expect(first('healthcare', 'consultant nurse')).toBeNull();
  });

  it('reads a mortgage underwriter as lending before the general underwriter rule', () => {
    expect(first('financial-services', 'senior mortgage underwriter')).toEqual(['13-2072', '3532']);
    expect(first('financial-services', 'commercial underwriter')).toEqual(['13-2053', '3532']);
  });

  it('reads a supermarket team member as a sales assistant', () => {
    expect(first('retail', 'team member')).toEqual(['41-2031', '7111']);
  });

  it('reads a civil-service higher executive officer before the executive officer grade', () => {
    expect(first('public-sector', 'higher executive officer')).toEqual(['13-1111', '3560']);
    expect(first('public-sector', 'executive officer')).toEqual(['43-9061', '4111']);
  });

  it('has no overlay in the general pack', () => {
    expect(PACKS.find((p) => p.id === 'general')?.overlay).toEqual([]);
  });
});
