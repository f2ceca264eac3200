import { z } from 'zod';
import { ASK_QUESTION } from '../../../schema/ai.ts';
import { guardedText } from '../../../schema/guardedText.ts';
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
    notes: guardedText({ min: 0, max: 2000, multiline: true, noEmail: true }).nullable(),
  })
  .partial();

/** Publish notes are kept in the audit trail (spec: Events), so they never hold an email. */
export const publishBody = z.strictObject({ notes: guardedText({ min: 3, max: 2000, multiline: true, noEmail: true }) });

/** What a test run sends to the model, which never receives an email (spec: AI data flows). */
const modelText = (max: number) => guardedText({ min: 0, max, noEmail: true });

export const testBody = z.strictObject({
  version: z.union([z.number().int().min(1), z.literal('draft')]),
  titles: z.array(guardedText({ max: 1000, noEmail: true })).max(500).optional(),
  industry: modelText(200).optional(),
  region: modelText(100).optional(),
  datasetId: z.string().uuid().optional(),
  question: guardedText({ min: ASK_QUESTION.min, max: ASK_QUESTION.max, noEmail: true }).optional(),
  dryRun: z.boolean().default(false),
});
