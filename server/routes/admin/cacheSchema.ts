import { z } from 'zod';

export const cacheQuery = z.object({
  q: z.string().trim().max(300).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const entryKey = {
  normalisedTitle: z.string().min(1).max(1000),
  context: z.string().min(1).max(100),
};

export const cacheVerifyBody = z.strictObject({ ...entryKey, verified: z.boolean() });
export const cacheDeleteBody = z.strictObject(entryKey);
