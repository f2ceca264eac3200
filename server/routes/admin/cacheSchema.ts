import { z } from 'zod';
import { guardedText } from '../../../schema/guardedText.ts';

export const cacheQuery = z.object({
  q: guardedText({ min: 0, max: 300 }).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

// An entry's key as the cache stored it: a normalised title is already in the normaliser's form.
const entryKey = {
  normalisedTitle: guardedText({ max: 1000 }),
  context: guardedText({ max: 100 }),
};

export const cacheVerifyBody = z.strictObject({ ...entryKey, verified: z.boolean() });
export const cacheDeleteBody = z.strictObject(entryKey);
