import { z } from 'zod';
import { label } from './primitives.ts';

export const sourceId = z
  .string()
  .min(2)
  .max(60)
  .regex(/^[a-z0-9][a-z0-9.-]*$/, 'lower-case letters, digits, dots and hyphens');

export const sourceSchema = z.strictObject({
  id: sourceId,
  publisher: label,
  title: label,
  year: z.number().int().min(1900).max(2100),
  licence: label,
  url: z.url({ protocol: /^https?$/ }).max(500).optional(),
});

export const sourcesSchema = z.record(sourceId, sourceSchema);
