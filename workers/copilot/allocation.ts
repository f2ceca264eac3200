import type { CopilotPlanConfig } from '../../schema/copilotPlan.ts';
import type { Horizon } from '../scoring/index.ts';

/**
 * Copilot licence allocation (scoring.md §8): the people a plan licenses, and what that costs and
 * releases. Pure and deterministic: eligible people are ranked by tier (strongest fit first), then by
 * exposure percentile (highest first), then by employee ID and upload order, so a tie always breaks the
 * same way; the first `licenceCount` receive a licence.
 */

/** One scored person, as workers/copilot/people.ts builds them from the rows. */
export interface CopilotPerson {
  employeeId: string;
  /** Copilot tier key, or null for role types that get no tier. */
  tier: string | null;
  /** Exposure percentile 0–100. */
  percentile: number;
  horizon: Horizon;
  category: string;
  subcategory: string;
  /** 1 for the top of the organisation; null when not connected to it. */
  layer: number | null;
  /** The uploaded location, trimmed; null when none. */
  location: string | null;
  /** FTE, an unknown FTE counting as 1. */
  fte: number;
  /** Annual employer cost. */
  cost: number;
  /** Share of the person's work AI could augment (0–1). */
  augmentationShare: number;
}

export interface CopilotAllocationContext {
  /** Tier keys, strongest fit first, with their labels. */
  tiers: { key: string; label: string }[];
  /** The moderate scenario's augmentation productivity: the share of augmentable time an assistant gives back. */
  augmentationProductivity: number;
}

export interface LicensedPerson {
  rank: number;
  person: CopilotPerson;
  /** Expected hours released a month by this person's licence. */
  hoursPerMonth: number;
}

export interface AllocationBreakdown {
  key: string;
  label: string;
  eligible: number;
  licensed: number;
}

export interface CopilotAllocation {
  people: number;
  eligible: number;
  licencesBought: number;
  licensed: number;
  /** Licences bought beyond the eligible people. */
  unusedLicences: number;
  /** Eligible people left without a licence, in rank order after the licensed. */
  waiting: LicensedPerson[];
  /** In rank order. */
  allocation: LicensedPerson[];
  byTier: AllocationBreakdown[];
  byCategory: AllocationBreakdown[];
  byLayer: AllocationBreakdown[];
  byLocation: AllocationBreakdown[];
  cost: { perMonth: number; perYear: number; overTerm: number; currency: string; termMonths: number };
  hours: { perMonth: number; perYear: number; overTerm: number };
  /** Employer cost of the hours released in a year: what the time is worth, not a cash saving. */
  valueOfHoursPerYear: number;
  assumptions: string[];
}

const WEEKS_PER_MONTH = 52 / 12;
const NOT_STATED = 'Not stated';
const NOT_CONNECTED = 'Not connected to the top';

function pilotMatcher(groups: CopilotPlanConfig['pilotGroups']): (p: CopilotPerson) => boolean {
  if (groups.length === 0) return () => true;
  const categories = new Set(groups.filter((g) => g.dimension === 'category').map((g) => g.value.toLowerCase()));
  const locations = new Set(groups.filter((g) => g.dimension === 'location').map((g) => g.value.toLowerCase()));
  const layers = new Set(groups.filter((g) => g.dimension === 'layer').map((g) => Number(g.value)));
  return (p) =>
    categories.has(p.category.toLowerCase()) || (p.location !== null && locations.has(p.location.toLowerCase())) || (p.layer !== null && layers.has(p.layer));
}

/** Code-point order, the same in every locale and runtime. */
const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function breakdown(
  eligible: readonly CopilotPerson[],
  licensed: readonly LicensedPerson[],
  keyOf: (p: CopilotPerson) => string,
  order: (a: AllocationBreakdown, b: AllocationBreakdown) => number,
  labelOf: (key: string) => string = (k) => k,
): AllocationBreakdown[] {
  const rows = new Map<string, AllocationBreakdown>();
  const row = (key: string) => {
    let r = rows.get(key);
    if (!r) rows.set(key, (r = { key, label: labelOf(key), eligible: 0, licensed: 0 }));
    return r;
  };
  for (const p of eligible) row(keyOf(p)).eligible += 1;
  for (const l of licensed) row(keyOf(l.person)).licensed += 1;
  return [...rows.values()].sort(order);
}

const byLicensedThenLabel = (a: AllocationBreakdown, b: AllocationBreakdown) => b.licensed - a.licensed || b.eligible - a.eligible || compareIds(a.label, b.label);

export function allocateLicences(people: readonly CopilotPerson[], config: CopilotPlanConfig, context: CopilotAllocationContext): CopilotAllocation {
  const tierRank = new Map(context.tiers.map((t, i) => [t.key, i]));
  const licensedTiers = new Set(config.licensedTiers);
  const horizons = new Set<string>(config.horizons);
  const inPilot = pilotMatcher(config.pilotGroups);

  const eligibleIndexes: number[] = [];
  for (let i = 0; i < people.length; i += 1) {
    const p = people[i];
    if (p.tier !== null && licensedTiers.has(p.tier) && tierRank.has(p.tier) && horizons.has(p.horizon) && inPilot(p)) eligibleIndexes.push(i);
  }
  eligibleIndexes.sort((a, b) => {
    const pa = people[a];
    const pb = people[b];
    return tierRank.get(pa.tier!)! - tierRank.get(pb.tier!)! || pb.percentile - pa.percentile || compareIds(pa.employeeId, pb.employeeId) || a - b;
  });

  const adoption = config.adoptionPercent / 100;
  const hoursPerMonthOf = (p: CopilotPerson) => p.fte * config.weeklyHours * WEEKS_PER_MONTH * p.augmentationShare * context.augmentationProductivity * adoption;
  const ranked = eligibleIndexes.map((index, i): LicensedPerson => ({ rank: i + 1, person: people[index], hoursPerMonth: hoursPerMonthOf(people[index]) }));
  const licencesBought = config.licenceCount ?? ranked.length;
  const allocation = ranked.slice(0, licencesBought);
  const waiting = ranked.slice(licencesBought);
  const eligible = eligibleIndexes.map((i) => people[i]);

  let hoursPerMonth = 0;
  let value = 0;
  for (const l of allocation) {
    hoursPerMonth += l.hoursPerMonth;
    value += l.person.cost * l.person.augmentationShare * context.augmentationProductivity * adoption;
  }
  const perMonth = licencesBought * config.pricePerLicencePerMonth;
  const tierLabels = new Map(context.tiers.map((t) => [t.key, t.label]));

  return {
    people: people.length,
    eligible: ranked.length,
    licencesBought,
    licensed: allocation.length,
    unusedLicences: Math.max(0, licencesBought - ranked.length),
    allocation,
    waiting,
    byTier: breakdown(eligible, allocation, (p) => p.tier!, (a, b) => tierRank.get(a.key)! - tierRank.get(b.key)!, (k) => tierLabels.get(k) ?? k),
    byCategory: breakdown(eligible, allocation, (p) => p.category, byLicensedThenLabel),
    byLayer: breakdown(
      eligible,
      allocation,
      (p) => (p.layer === null ? NOT_CONNECTED : String(p.layer)),
      (a, b) => (a.key === NOT_CONNECTED ? 1 : b.key === NOT_CONNECTED ? -1 : Number(a.key) - Number(b.key)),
      (k) => (k === NOT_CONNECTED ? k : `Layer ${k}`),
    ),
    byLocation: breakdown(eligible, allocation, (p) => p.location ?? NOT_STATED, byLicensedThenLabel),
    cost: { perMonth, perYear: perMonth * 12, overTerm: perMonth * config.termMonths, currency: config.currency, termMonths: config.termMonths },
    hours: { perMonth: hoursPerMonth, perYear: hoursPerMonth * 12, overTerm: hoursPerMonth * config.termMonths },
    valueOfHoursPerYear: value,
    assumptions: assumptions(config, context),
  };
}

function assumptions(config: CopilotPlanConfig, context: CopilotAllocationContext): string[] {
  const productivity = Math.round(context.augmentationProductivity * 1000) / 10;
  return [
    'People are ranked by Copilot tier (strongest fit first), then by AI exposure percentile (highest first), then by employee ID; the first people in that order receive the licences.',
    `Hours released = contracted hours (FTE × ${config.weeklyHours} hours a week × 52 ÷ 12 a month) × the share of the role's work AI can augment × ${productivity}% (the moderate scenario's augmentation productivity) × ${config.adoptionPercent}% adoption.`,
    'Copilot assists rather than automates, so only the augmentation share counts; time released is capacity to redeploy, not a cash saving.',
    'The value of hours released prices that time at each person’s annual employer cost.',
    config.licenceCount === null
      ? 'Licences are sized to every eligible person.'
      : 'Licences bought beyond the eligible people are counted as unused; the cost is for every licence bought.',
  ];
}
