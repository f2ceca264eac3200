/**
 * Browser side of `npm run bench:allocation`: bundled by bench/allocation.ts and run in Chromium. Builds the
 * same deterministic people as the Node side and times allocateLicences over them, as the Copilot worker runs it.
 */
import type { CopilotPlanConfig } from '../schema/copilotPlan.ts';
import { allocateLicences } from '../workers/copilot/allocation.ts';
import { allocationInput } from './allocationInput.ts';

export interface AllocationRun {
  people: number;
  licensed: number;
  coldMs: number;
  warmMs: number;
}

(globalThis as unknown as { runAllocation(count: number, config: CopilotPlanConfig): AllocationRun }).runAllocation = (count, config) => {
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
};
