import { z } from 'zod';
import { label, roleName, share, slug } from './primitives.ts';

export const GENERIC_LIFECYCLE_ID = 'generic';

export const phaseSchema = z.strictObject({ key: slug, label });
const phases = z.array(phaseSchema).min(2).max(12);

export const definedLifecycleSchema = z.strictObject({
  id: slug,
  label,
  phases,
  /** How a role type's headcount and cost spread over the phases (weights sum to 1). */
  roleWeights: z.array(z.strictObject({ subcategory: roleName, weights: z.record(slug, share) })).max(5_000),
  /**
   * Weights for every role of a category that has no roleWeights entry of its own, so a chain need not
   * repeat one spread for each of hundreds of role types. Roles with neither are unplaced.
   */
  categoryWeights: z.record(roleName, z.record(slug, share)).optional(),
});

export const lifecyclesSchema = z.strictObject({
  generic: z.strictObject({
    phases,
    categoryPhase: z.record(roleName, slug),
    defaultPhase: slug,
  }),
  defined: z.array(definedLifecycleSchema).max(50),
  autoLifecycleId: slug.nullable(),
  meaningfulShare: share,
});
