import { z } from 'zod';
import { citation, lifecyclePhase } from '../ai.ts';

// What POST /admin/prompts/:key/test answers (spec: Test run rules): the prompt as rendered, and, when a model was
// called, its usage, its reply (cut at LAB_RAW_REPLY_MAX) and the production parser's verdict on it.

/** The production parser's verdict on a test run's reply: the classifier's codes, or the narrative it accepted. */
export const labOutcome = z
  .object({
    accepted: z.boolean(),
    /** What was accepted, or why the reply (or the call) was refused. */
    summary: z.string().nullable(),
    classifications: z
      .array(z.object({ title: z.string(), i: z.number().int(), usSoc2018: z.string(), ukSoc2020: z.string(), confidence: z.number() }))
      .optional(),
    lifecycle: z
      .object({ phases: z.array(lifecyclePhase), roles: z.number().int(), evenlySpread: z.number().int(), confidence: z.number() })
      .optional(),
    markdown: z.string().optional(),
    confidence: z.number().optional(),
    citations: z.array(citation).optional(),
  })
  .meta({ id: 'LabOutcome' });
export type LabOutcome = z.infer<typeof labOutcome>;

export const labResult = z
  .object({
    /** True when no model was called: a dry run, or AI unavailable (then with the reason). */
    dryRun: z.boolean(),
    rendered: z.object({ system: z.string(), user: z.string(), model: z.string(), temperature: z.number(), maxOutputTokens: z.number().int() }),
    aiUnavailableReason: z.string().optional(),
    model: z.string().optional(),
    /** null when the call failed. */
    usage: z.object({ inputTokens: z.number().int().min(0), outputTokens: z.number().int().min(0) }).nullable().optional(),
    outcome: labOutcome.optional(),
    raw: z.string().nullable().optional(),
    rawTruncated: z.boolean().optional(),
  })
  .meta({ id: 'LabResult' });
export type LabResult = z.infer<typeof labResult>;
