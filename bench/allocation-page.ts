/**
 * Browser side of `npm run bench:allocation`: bundled by bench/allocation.ts and run in Chromium. Builds the
 * same deterministic people as the Node side and times allocateLicences over them, as the Copilot worker runs it.
 */
import type { CopilotPlanConfig } from '../schema/copilotPlan.ts';
import { timeAllocation, type AllocationRun } from './allocationInput.ts';

(globalThis as unknown as { runAllocation(count: number, config: CopilotPlanConfig): AllocationRun }).runAllocation = timeAllocation;
