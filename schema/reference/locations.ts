import { z } from 'zod';
import { label, slug } from './primitives.ts';

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
  /** True when uploaded salaries for this region are already in its own terms. */
  nativeSalary: z.boolean(),
});

export const locationsSchema = z.strictObject({
  regions: z.array(regionSchema).min(1).max(200),
  baselineRegion: slug,
});
