/**
 * The fixed choices of a Copilot plan, apart from its zod schema (copilotPlan.ts) so the browser's form can
 * list them without bundling zod.
 */
export const COPILOT_HORIZONS = ['now', 'near', 'later'] as const;
export const PILOT_DIMENSIONS = ['category', 'location', 'layer'] as const;
