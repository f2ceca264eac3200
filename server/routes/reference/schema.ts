import { z } from 'zod';
import { REFERENCE_SECTIONS } from '../../services/reference.ts';

export const versionParam = z.union([z.literal('draft'), z.coerce.number().int().min(1)]);

export const createDraftBody = z.strictObject({ basedOn: z.number().int().min(1).optional() });

export const saveDraftBody = z.union([
  z.strictObject({ data: z.record(z.string(), z.unknown()) }),
  z.strictObject({ section: z.enum(REFERENCE_SECTIONS as [string, ...string[]]), value: z.unknown() }),
  z.strictObject({ notes: z.string().max(2000).nullable() }),
]);

export const publishBody = z.strictObject({ notes: z.string().trim().min(3).max(2000) });
