import { z } from 'zod';
import { currencyCode, employerCostMultiplier, label, slug } from './primitives.ts';

const alias = z.string().trim().min(1).max(80);

export const regionSchema = z.strictObject({
  key: slug,
  label,
  /** Cost of the same role here relative to the baseline region (baseline = 1). */
  defaultFactor: z.number().positive().max(5),
  /** Location values that name this region exactly (case-insensitive). */
  countryAliases: z.array(alias).max(50),
  /** Substrings that place a location value in this region when no alias matched. */
  keywords: z.array(alias).max(100),
  /**
   * True when an uploaded salary of a person here can be taken as their pay, provided it is in the list's
   * currency (a salary in another currency is always priced at the market instead).
   */
  nativeSalary: z.boolean(),
  /** The currency people here are paid in (ISO 4217). Absent in documents made before currencies: pounds. */
  currency: currencyCode.optional(),
  /** Salary to employer cost for a list whose home is this region; absent: costs.employerCostMultiplier. */
  employerCostMultiplier: employerCostMultiplier.optional(),
});

export const locationsSchema = z.strictObject({
  regions: z.array(regionSchema).min(1).max(200),
  baselineRegion: slug,
});
