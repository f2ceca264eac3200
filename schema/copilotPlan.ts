import { z } from 'zod';
import { COPILOT_HORIZONS, PILOT_DIMENSIONS } from './copilotPlanChoices.ts';
import { guardedText } from './guardedText.ts';
import { slug } from './reference/primitives.ts';

/**
 * A Copilot licence plan's config (spec: Copilot plans; shape ours). The browser edits it and allocates
 * from it; the server stores it. Defaults for price, currency, count and tiers come from the reference
 * document's copilot.defaults.
 */
export const pilotGroupSchema = z.strictObject({
  /** A taxonomy category, an uploaded location value, or a layer number (1 is the top) written as text. */
  dimension: z.enum(PILOT_DIMENSIONS),
  value: guardedText({ max: 120, noEmail: true }),
});

const distinct = <T>(list: T[]) => new Set(list).size === list.length;

export const copilotPlanConfigSchema = z.strictObject({
  /** Licences bought; null sizes the plan to everyone eligible. */
  licenceCount: z.number().int().min(0).max(1_000_000).nullable(),
  pricePerLicencePerMonth: z.number().min(0).max(10_000),
  currency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 currency code such as GBP'),
  /** Tiers (keys of the reference's copilot.tiers) whose people may receive a licence. */
  licensedTiers: z.array(slug).min(1).max(4).refine(distinct, 'Each tier once.'),
  /** Exposure horizons whose people may receive a licence (now: work AI changes first). */
  horizons: z.array(z.enum(COPILOT_HORIZONS)).min(1).max(3).refine(distinct, 'Each horizon once.'),
  /** When any are given, only people in at least one group are eligible: a pilot. */
  pilotGroups: z.array(pilotGroupSchema).max(50),
  /** Length of the licence commitment, for the cost over the term. */
  termMonths: z.number().int().min(1).max(60),
  /** Contracted hours of a full-time week, for hours released. */
  weeklyHours: z.number().min(1).max(80),
  /** Percent of licensed people expected to use Copilot in their work. */
  adoptionPercent: z.number().min(0).max(100),
});

export type CopilotPlanConfig = z.infer<typeof copilotPlanConfigSchema>;
export type PilotGroup = z.infer<typeof pilotGroupSchema>;

/** A plan's name is shown beside its figures and never holds an email (its people are revealed, audited, elsewhere). */
export const copilotPlanBody = z.strictObject({
  name: guardedText({ max: 200, noEmail: true }),
  config: copilotPlanConfigSchema,
});

export type CopilotPlanBody = z.infer<typeof copilotPlanBody>;
