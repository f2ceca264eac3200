import { z } from 'zod';

/**
 * The shared cross-engagement classification cache as the admin API sends it: titles and codes only.
 * The server's repository and the browser's admin client both use these, so neither can drift; the
 * schemas describe the replies (OpenAPI) and the browser checks them by them.
 */
export const sharedCacheEntry = z
  .object({
    normalisedTitle: z.string(),
    /** The industry pack the pick was made under. */
    context: z.string(),
    usSoc2018: z.string(),
    ukSoc2020: z.string(),
    category: z.string().nullable(),
    subcategory: z.string().nullable(),
    verified: z.boolean(),
  })
  .meta({ id: 'SharedCacheEntry' });
export type SharedCacheEntry = z.infer<typeof sharedCacheEntry>;

/** An entry as GET /admin/cache lists it (PATCH answers the entry without these). */
export const sharedCacheListing = sharedCacheEntry
  .extend({ promptVersion: z.number().nullable(), hitCount: z.number().int().min(0), updatedAt: z.string() })
  .meta({ id: 'SharedCacheListing' });
export type SharedCacheListing = z.infer<typeof sharedCacheListing>;

/** GET /admin/cache: a page of entries, most used first, and how many match. */
export const sharedCachePage = z.object({ entries: z.array(sharedCacheListing), total: z.number().int().min(0), offset: z.number().int().min(0), limit: z.number().int().min(1) });
export type SharedCachePage = z.infer<typeof sharedCachePage>;

/** PATCH /admin/cache: the entry as now stored. */
export const sharedCacheEntryReply = z.object({ entry: sharedCacheEntry });
