import { z } from 'zod';
import { label, percent, share, slug } from './primitives.ts';

/** Realisation curve, reinvestment, investment and payback assumptions (scoring.md §4). */

const range = z.strictObject({ low: percent, high: percent });
const roiBand = z.strictObject({ low: z.number().positive().max(100), high: z.number().positive().max(100) });

export const investmentPhaseSchema = z.strictObject({
  key: slug,
  label,
  share: percent,
  /** Months from programme start; the phase covers [fromMonth, toMonth). */
  fromMonth: z.number().int().min(0).max(120),
  toMonth: z.number().int().min(1).max(120),
});

export const programmeSchema = z.strictObject({
  curve: z.array(share).min(6).max(40),
  reinvestment: z.strictObject({
    components: z.array(z.strictObject({ key: slug, label, low: percent, high: percent })).min(1).max(20),
    totals: range,
  }),
  investmentSplit: z.array(z.strictObject({ key: slug, label, percent })).min(1).max(20),
  roiBands: z.strictObject({ conservative: roiBand, moderate: roiBand, aggressive: roiBand }),
  investmentPhases: z.array(investmentPhaseSchema).length(4),
  paybackMonths: z.number().int().min(1).max(120),
});
