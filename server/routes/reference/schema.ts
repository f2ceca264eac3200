import { z } from 'zod';
import { guardedText } from '../../../schema/guardedText.ts';
import { REFERENCE_SECTIONS } from '../../services/reference.ts';

export const versionParam = z.union([z.literal('draft'), z.coerce.number().int().min(1)]);

export const createDraftBody = z.strictObject({ basedOn: z.number().int().min(1).optional() });

export const saveDraftBody = z.union([
  z.strictObject({ data: z.record(z.string(), z.unknown()) }),
  z.strictObject({ section: z.enum(REFERENCE_SECTIONS as [string, ...string[]]), value: z.unknown() }),
  z.strictObject({ notes: guardedText({ min: 0, max: 2000, multiline: true, noEmail: true }).nullable() }),
]);

/** Publish notes are kept in the audit trail (spec: Events), so they never hold an email. */
export const publishBody = z.strictObject({ notes: guardedText({ min: 3, max: 2000, multiline: true, noEmail: true }) });
