import type { ReferenceData } from '../../../schema/reference/index.ts';
import { buildBenchmark } from './benchmark.ts';
import type { PolicyContext } from './context.ts';
import { buildCopilot } from './copilot.ts';
import { buildCosts } from './costs.ts';
import { buildExposure } from './exposure.ts';
import { buildGcc } from './gcc.ts';
import { buildLifecycles } from './lifecycles.ts';
import { buildLocations } from './locations.ts';
import { buildOrg } from './org.ts';
import { buildPacks } from './packs.ts';
import { buildProgramme } from './programme.ts';
import { buildScenarios } from './scenarios.ts';
import { buildSources } from './sources.ts';

export type { PolicyContext } from './context.ts';

/** The policy sections; classification comes with the scored coder (../taxonomy/coder.ts). */
export type PolicySections = Omit<ReferenceData, 'schemaVersion' | 'occupations' | 'taxonomy' | 'classification'>;

/** The twelve policy sections besides classification, in document order, from the shared data and the built taxonomy. */
export function buildPolicySections(ctx: PolicyContext): PolicySections {
  const exposure = buildExposure(ctx);
  return {
    exposure,
    costs: buildCosts(ctx.dataDir),
    locations: buildLocations(ctx.dataDir),
    scenarios: buildScenarios(),
    programme: buildProgramme(),
    gcc: buildGcc(ctx, exposure),
    org: buildOrg(),
    lifecycles: buildLifecycles(ctx),
    benchmark: buildBenchmark(ctx),
    copilot: buildCopilot(ctx),
    packs: buildPacks(ctx),
    sources: buildSources(),
  };
}
