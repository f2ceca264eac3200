import { z } from 'zod';
import { coderSchema } from './coder.ts';
import { employerCostMultiplier, nameList, percent, share, usMajorCode } from './primitives.ts';

/** The single-figure policy sections: exposure model, review threshold, cost, scenarios, offshoring, spans. */

export const exposureSchema = z.strictObject({
  augFloor: percent,
  augCeil: percent,
  aeiAutoShare: share,
  horizonNowFrom: percent,
  horizonNearFrom: percent,
});

/** The review threshold; the scored coder's knowledge (coder.ts) is absent from documents made before it. */
export const classificationSchema = z.strictObject({ reviewThreshold: share, coder: coderSchema.optional() });

/** The baseline region's employer cost multiplier, the default of regions that state none. */
export const costsSchema = z.strictObject({ employerCostMultiplier });

const scenarioSchema = z.strictObject({ automationRealised: share, augmentationProductivity: share });
export const SCENARIO_KEYS = ['conservative', 'moderate', 'aggressive'] as const;
export type ScenarioKey = (typeof SCENARIO_KEYS)[number];

export const scenariosSchema = z.strictObject({
  conservative: scenarioSchema,
  moderate: scenarioSchema,
  aggressive: scenarioSchema,
});

export const gccSchema = z.strictObject({
  offshoreBelow: percent,
  onshoreFrom: percent,
  defaultOffshoreFactor: z.number().positive().max(2),
  migratableSocMajors: z.array(usMajorCode).max(30),
  migratableSubcategories: nameList(2_000),
});

export const orgSchema = z.strictObject({
  narrowSpan: z.number().int().min(1).max(100),
  wideSpan: z.number().int().min(1).max(200),
});
