import { z } from 'zod';
import { label, nameList, note, slug, usMajorCode } from './primitives.ts';

export const copilotTierSchema = z.strictObject({ key: slug, label, note });

export const copilotSchema = z.strictObject({
  defaults: z.strictObject({
    licencePricePerMonth: z.number().min(0).max(10_000),
    currency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 currency code'),
    /** null means "size the plan from the tiers that receive licences". */
    licenceCount: z.number().int().min(0).max(1_000_000).nullable(),
    licensedTiers: z.array(slug).min(1).max(4),
  }),
  /** Exactly four tiers, strongest fit first; "raised one tier" moves towards the first. */
  tiers: z.array(copilotTierSchema).length(4),
  fitBySocMajor: z.record(usMajorCode, slug),
  defaultTier: slug,
  highSubcategories: nameList(2_000),
  lowSubcategories: nameList(2_000),
  unclassifiedSubcategories: nameList(2_000),
});
