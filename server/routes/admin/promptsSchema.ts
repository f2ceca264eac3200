import { z } from 'zod';
import { ASK_QUESTION } from '../../../schema/ai.ts';
import { PROMPT_KEYS, PROMPT_LIMITS } from '../../../schema/prompts.ts';

export const promptKeyParams = z.object({ key: z.enum(PROMPT_KEYS) });

export const createDraftBody = z.strictObject({ from: z.number().int().min(1).optional() });

/**
 * Partial template fields and notes. Temperature and output tokens must be in range to be saved at
 * all; the text limit and the variable and model rules are reported as issues instead, so a draft
 * can be saved mid-edit.
 */
export const saveDraftBody = z
  .strictObject({
    system: z.string().max(200_000),
    template: z.string().max(200_000),
    model: z.string().trim().max(200).nullable().transform((m) => (m === '' ? null : m)),
    temperature: z.number().min(PROMPT_LIMITS.temperatureMin).max(PROMPT_LIMITS.temperatureMax),
    maxOutputTokens: z.number().int().min(PROMPT_LIMITS.maxOutputTokensMin).max(PROMPT_LIMITS.maxOutputTokensMax),
    notes: z.string().max(2000).nullable(),
  })
  .partial();

export const publishBody = z.strictObject({ notes: z.string().trim().min(3).max(2000) });

export const testBody = z.strictObject({
  version: z.union([z.number().int().min(1), z.literal('draft')]),
  titles: z.array(z.string().max(1000)).max(500).optional(),
  industry: z.string().trim().max(200).optional(),
  region: z.string().trim().max(100).optional(),
  datasetId: z.string().uuid().optional(),
  question: z.string().trim().min(ASK_QUESTION.min).max(ASK_QUESTION.max).optional(),
  dryRun: z.boolean().default(false),
});
