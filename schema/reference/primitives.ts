import { z } from 'zod';
import { checkPatternSafety } from './patternSafety.ts';

/** Building blocks shared by every section of the reference document. */

export const usMajorCode = z.string().regex(/^\d{2}$/, 'a US SOC-2018 major group is two digits');
export const usSocCode = z.string().regex(/^\d{2}-\d{4}$/, 'a US SOC-2018 code has the form NN-NNNN');
export const ukSocCode = z.string().regex(/^\d{4}$/, 'a UK SOC-2020 unit group has four digits');

/** Lower-case slug used for region, pack, lifecycle, phase, tier and component keys. */
export const slug = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use lower-case letters, digits and single hyphens');

/** A business function (category) or role type (subcategory) name. */
export const roleName = z.string().trim().min(1).max(80);
/** Short human label (occupation titles, section labels). */
export const label = z.string().trim().min(1).max(200);
/** Longer explanatory text. */
export const note = z.string().trim().min(1).max(1000);

export const percent = z.number().min(0).max(100);
export const share = z.number().min(0).max(1);
export const money = z.number().finite().positive().max(10_000_000);
/** An ISO 4217 currency code (GBP, USD, EUR). */
export const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 currency code such as GBP or USD');
/** Salary to employer cost: 1.23 means on-costs of 23% on top of pay. */
export const employerCostMultiplier = z.number().min(1).max(3);

/** A weight on the 0 to 1.5 rubric scale. */
export const rubricWeight = z.number().min(0).max(1.5);
export const rubric = z.strictObject({ automation: rubricWeight, augmentation: rubricWeight });

/**
 * A case-insensitive regex tested against normalised titles. It must compile with the `i` flag and pass
 * the title-pattern safety rules (which include the 300-character limit).
 */
export const titlePattern = z
  .string()
  .min(1)
  .superRefine((pattern, ctx) => {
    // Length is checked with the other safety rules below, so an over-long pattern gives one issue.
    try {
      new RegExp(pattern, 'i');
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: `not a valid regex: ${(err as Error).message}` });
      return;
    }
    const unsafe = checkPatternSafety(pattern);
    if (unsafe) ctx.addIssue({ code: 'custom', message: `unsafe pattern: ${unsafe}` });
  });

/** A list of distinct-ish short strings (subcategory lists, aliases, keywords). */
export const nameList = (max: number) => z.array(roleName).max(max);
