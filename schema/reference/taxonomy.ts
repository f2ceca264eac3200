import { z } from 'zod';
import { label, percent, roleName, rubric, titlePattern, ukSocCode, usSocCode } from './primitives.ts';

export const OTHER_CATEGORY = 'Other';
export const OTHER_SUBCATEGORY = 'Uncategorised';

export const taxonomyRuleSchema = z.strictObject({
  pattern: titlePattern,
  category: roleName,
  subcategory: roleName,
  /** When present the rule applies only to rows whose division equals this text exactly. */
  division: z.string().min(1).max(120).optional(),
});

export const roleAnchorSchema = z.strictObject({
  usSoc2018: usSocCode,
  socTitle: label,
  aioePercentile: percent,
});

export const roleSchema = z.strictObject({
  category: roleName,
  subcategory: roleName,
  ukSoc2020: ukSocCode.nullable(),
  anchor: roleAnchorSchema.nullable(),
  rubric,
});

export const taxonomySchema = z.strictObject({
  rules: z.array(taxonomyRuleSchema).max(20_000),
  roles: z.array(roleSchema).min(1).max(5_000),
  defaultRubric: rubric,
});
