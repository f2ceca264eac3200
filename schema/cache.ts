/**
 * The shared cross-engagement classification cache as the admin API sends it: titles and codes only.
 * The server's repository and the browser's admin client both use these, so neither can drift.
 */
export interface SharedCacheEntry {
  normalisedTitle: string;
  /** The industry pack the pick was made under. */
  context: string;
  usSoc2018: string;
  ukSoc2020: string;
  category: string | null;
  subcategory: string | null;
  verified: boolean;
}

/** An entry as GET /admin/cache lists it (PATCH answers the entry without these). */
export interface SharedCacheListing extends SharedCacheEntry {
  promptVersion: number | null;
  hitCount: number;
  updatedAt: string;
}
