import { z } from 'zod';
import { label, nameList, percent, usMajorCode } from './primitives.ts';

export const aeiGroupSchema = z.strictObject({
  group: label,
  socMajor: usMajorCode,
  /** Percent of the group's tasks that language models could in principle speed up. */
  theoretical: percent,
  /** Percent of the group's tasks where AI use is actually observed. */
  observed: percent,
  /** Taxonomy categories that report against this group. */
  categories: nameList(50),
});

export const benchmarkSchema = z.strictObject({
  aeiGroups: z.array(aeiGroupSchema).min(1).max(40),
  sources: z.array(z.string().trim().min(1).max(300)).min(1).max(20),
});
