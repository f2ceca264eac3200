import { z } from 'zod';
import { label, note, roleName, slug, titlePattern, ukSocCode, usMajorCode, usSocCode } from './primitives.ts';

export const GENERAL_PACK_ID = 'general';

export const overlayRuleSchema = z
  .strictObject({
    pattern: titlePattern,
    usSoc2018: usSocCode,
    ukSoc2020: ukSocCode,
    category: roleName.optional(),
    subcategory: roleName.optional(),
  })
  .refine((rule) => (rule.category === undefined) === (rule.subcategory === undefined), {
    message: 'give both category and subcategory, or neither',
    path: ['subcategory'],
  });

export const packSchema = z.strictObject({
  id: slug,
  label,
  description: note,
  overlay: z.array(overlayRuleSchema).max(2_000),
  lifecycleId: slug.optional(),
  copilotFit: z.record(usMajorCode, slug).optional(),
});

export const packsSchema = z.array(packSchema).min(1).max(100);
