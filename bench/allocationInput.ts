/** Deterministic Copilot people for bench:allocation: tiers, exposures (with many ties), layers and locations. */
import type { CopilotPlanConfig } from '../schema/copilotPlan.ts';
import { allocateLicences, type CopilotAllocationContext, type CopilotPerson } from '../workers/copilot/allocation.ts';
import type { Horizon } from '../workers/scoring/index.ts';
import { rng } from './staffListGenerator.ts';

const TIERS = ['high', 'medium', 'low', 'minimal'];
const CATEGORIES = ['Finance', 'Technology', 'Operations', 'Sales', 'People', 'Legal', 'Customer Service', 'Marketing'];
const LOCATIONS = ['London', 'Leeds', 'Manchester', 'Glasgow', 'Bristol', 'Remote', null];
const HORIZONS: Horizon[] = ['now', 'near', 'later'];

export function allocationInput(count: number): { people: CopilotPerson[]; context: CopilotAllocationContext } {
  const random = rng(14);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const people: CopilotPerson[] = Array.from({ length: count }, (_, i) => ({
    employeeId: `E${String(i).padStart(6, '0')}`,
    tier: random() < 0.05 ? null : pick(TIERS),
    // Whole percentiles: about 500 people share each value, so the employee-ID tie-break does real work.
    percentile: Math.floor(random() * 100),
    horizon: pick(HORIZONS),
    category: pick(CATEGORIES),
    subcategory: 'Role',
    layer: random() < 0.02 ? null : 1 + Math.floor(random() * 8),
    location: pick(LOCATIONS),
    fte: random() < 0.2 ? 0.6 : 1,
    cost: 25_000 + Math.floor(random() * 80_000),
    augmentationShare: random() * 0.5,
  }));
  return { people, context: { tiers: TIERS.map((key) => ({ key, label: key })), augmentationProductivity: 0.3 } };
}

export interface AllocationRun {
  people: number;
  licensed: number;
  coldMs: number;
  warmMs: number;
}

/** The first (cold) allocation and the best of five warm ones, in milliseconds; the same in Node and Chromium. */
export function timeAllocation(count: number, config: CopilotPlanConfig): AllocationRun {
  const { people, context } = allocationInput(count);
  let started = performance.now();
  const first = allocateLicences(people, config, context);
  const coldMs = performance.now() - started;
  const warm: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    started = performance.now();
    allocateLicences(people, config, context);
    warm.push(performance.now() - started);
  }
  return { people: people.length, licensed: first.licensed, coldMs, warmMs: Math.min(...warm) };
}
