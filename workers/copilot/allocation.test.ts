import { describe, expect, it } from 'vitest';
import type { CopilotPlanConfig } from '../../schema/copilotPlan.ts';
import { allocateLicences, type CopilotAllocationContext, type CopilotPerson } from './allocation.ts';

const CONTEXT: CopilotAllocationContext = {
  tiers: [
    { key: 'high', label: 'High' },
    { key: 'medium', label: 'Medium' },
    { key: 'low', label: 'Low' },
    { key: 'minimal', label: 'Minimal' },
  ],
  augmentationProductivity: 0.3,
};

const CONFIG: CopilotPlanConfig = {
  licenceCount: null,
  pricePerLicencePerMonth: 25,
  currency: 'GBP',
  licensedTiers: ['high', 'medium'],
  horizons: ['now', 'near', 'later'],
  pilotGroups: [],
  termMonths: 12,
  weeklyHours: 37.5,
  adoptionPercent: 100,
};

const person = (employeeId: string, tier: string | null, percentile: number, extra: Partial<CopilotPerson> = {}): CopilotPerson => ({
  employeeId, tier, percentile, horizon: 'now', category: 'Finance', subcategory: 'Accountant', layer: 2, location: 'Leeds', fte: 1, cost: 52_000, augmentationShare: 0.4, ...extra,
});
const ids = (people: { person: CopilotPerson }[]) => people.map((l) => l.person.employeeId);

describe('Copilot allocation', () => {
  it('ranks by tier first, strongest fit first, whatever the exposure', () => {
    const a = allocateLicences([person('M1', 'medium', 99), person('H1', 'high', 10)], CONFIG, CONTEXT);
    expect(ids(a.allocation)).toEqual(['H1', 'M1']);
  });

  it('ranks by exposure percentile, highest first, within a tier', () => {
    const a = allocateLicences([person('A', 'high', 40), person('B', 'high', 80), person('C', 'high', 60)], CONFIG, CONTEXT);
    expect(ids(a.allocation)).toEqual(['B', 'C', 'A']);
    expect(a.allocation.map((l) => l.rank)).toEqual([1, 2, 3]);
  });

  it('breaks a tie of tier and exposure by employee ID in code-point order, whatever the upload order', () => {
    const people = [person('E10', 'high', 50), person('E2', 'high', 50), person('e1', 'high', 50), person('E1', 'high', 50)];
    expect(ids(allocateLicences(people, CONFIG, CONTEXT).allocation)).toEqual(['E1', 'E10', 'E2', 'e1']);
    expect(ids(allocateLicences([...people].reverse(), CONFIG, CONTEXT).allocation)).toEqual(['E1', 'E10', 'E2', 'e1']);
  });

  it('keeps upload order between two rows with the same employee ID', () => {
    const first = person('D', 'high', 50, { location: 'first' });
    const second = person('D', 'high', 50, { location: 'second' });
    expect(allocateLicences([first, second], CONFIG, CONTEXT).allocation.map((l) => l.person.location)).toEqual(['first', 'second']);
  });

  it('gives the licences bought to the first people in rank order and lists the rest as waiting', () => {
    const a = allocateLicences([person('A', 'high', 10), person('B', 'high', 90), person('C', 'medium', 95)], { ...CONFIG, licenceCount: 2 }, CONTEXT);
    expect(ids(a.allocation)).toEqual(['B', 'A']);
    expect(ids(a.waiting)).toEqual(['C']);
    expect(a.waiting[0].rank).toBe(3);
    expect([a.eligible, a.licencesBought, a.licensed, a.unusedLicences]).toEqual([3, 2, 2, 0]);
  });

  it('counts licences bought beyond the eligible people as unused, and charges for them', () => {
    const a = allocateLicences([person('A', 'high', 10)], { ...CONFIG, licenceCount: 4 }, CONTEXT);
    expect([a.licensed, a.unusedLicences, a.cost.perMonth]).toEqual([1, 3, 100]);
  });

  it('licenses only the chosen tiers and never a person without a tier', () => {
    const a = allocateLicences([person('L', 'low', 99), person('N', null, 99), person('H', 'high', 1)], CONFIG, CONTEXT);
    expect(ids(a.allocation)).toEqual(['H']);
    expect(a.people).toBe(3);
  });

  it('licenses only the chosen exposure horizons', () => {
    const a = allocateLicences([person('Now', 'high', 90, { horizon: 'now' }), person('Later', 'high', 20, { horizon: 'later' })], { ...CONFIG, horizons: ['now'] }, CONTEXT);
    expect(ids(a.allocation)).toEqual(['Now']);
  });

  it('keeps a pilot to people in any of its groups: a category, a location (any case) or a layer', () => {
    const people = [
      person('F', 'high', 50, { category: 'Finance', location: 'Leeds', layer: 3 }),
      person('M', 'high', 50, { category: 'Marketing', location: 'MANCHESTER', layer: 3 }),
      person('T', 'high', 50, { category: 'Technology', location: 'York', layer: 1 }),
      person('O', 'high', 50, { category: 'Operations', location: null, layer: null }),
    ];
    const pilotGroups = [
      { dimension: 'category' as const, value: 'finance' },
      { dimension: 'location' as const, value: 'Manchester' },
      { dimension: 'layer' as const, value: '1' },
    ];
    expect(ids(allocateLicences(people, { ...CONFIG, pilotGroups }, CONTEXT).allocation)).toEqual(['F', 'M', 'T']);
  });

  it('computes cost per month, year and term from the licences bought', () => {
    const a = allocateLicences([person('A', 'high', 10), person('B', 'high', 20)], { ...CONFIG, licenceCount: 10, pricePerLicencePerMonth: 24.5, termMonths: 18 }, CONTEXT);
    expect(a.cost).toEqual({ perMonth: 245, perYear: 2_940, overTerm: 4_410, currency: 'GBP', termMonths: 18 });
  });

  it('computes hours released from contracted hours, the augmentation share, productivity and adoption', () => {
    // 0.5 FTE × 37.5 h × 52/12 = 81.25 h a month; × 0.4 augmentable × 0.3 productivity × 80% adoption = 7.8 h.
    const a = allocateLicences([person('A', 'high', 10, { fte: 0.5 })], { ...CONFIG, adoptionPercent: 80 }, CONTEXT);
    expect(a.allocation[0].hoursPerMonth).toBeCloseTo(7.8, 10);
    expect(a.hours.perMonth).toBeCloseTo(7.8, 10);
    expect(a.hours.perYear).toBeCloseTo(93.6, 10);
    // £52,000 × 0.4 × 0.3 × 0.8 = £4,992 a year.
    expect(a.valueOfHoursPerYear).toBeCloseTo(4_992, 8);
    expect(a.assumptions.join(' ')).toContain('30% (the moderate scenario');
  });

  it('breaks licences down by tier, category, layer and location, eligible beside licensed', () => {
    const people = [
      person('A', 'high', 90, { category: 'Finance', layer: 1, location: 'Leeds' }),
      person('B', 'medium', 80, { category: 'Finance', layer: 2, location: null }),
      person('C', 'medium', 70, { category: 'Sales', layer: null, location: 'Leeds' }),
    ];
    const a = allocateLicences(people, { ...CONFIG, licenceCount: 2 }, CONTEXT);
    expect(a.byTier).toEqual([
      { key: 'high', label: 'High', eligible: 1, licensed: 1 },
      { key: 'medium', label: 'Medium', eligible: 2, licensed: 1 },
    ]);
    expect(a.byCategory).toEqual([
      { key: 'Finance', label: 'Finance', eligible: 2, licensed: 2 },
      { key: 'Sales', label: 'Sales', eligible: 1, licensed: 0 },
    ]);
    expect(a.byLayer.map((r) => [r.label, r.licensed])).toEqual([['Layer 1', 1], ['Layer 2', 1], ['Not connected to the top', 0]]);
    expect(a.byLocation.map((r) => [r.label, r.eligible, r.licensed])).toEqual([['Leeds', 2, 1], ['Not stated', 1, 1]]);
  });
});
