import { sql } from 'kysely';
import type { Tx } from '../db/connection.ts';
import { bindBool, nowIso, readBool } from '../db/convert.ts';

/** The shared cross-engagement classification cache: titles and codes only. */
export interface CacheEntry {
  normalisedTitle: string;
  context: string;
  usSoc2018: string;
  ukSoc2020: string;
  category: string | null;
  subcategory: string | null;
  verified: boolean;
}

export async function lookupCache(tx: Tx, context: string, normalisedTitles: string[]): Promise<Map<string, CacheEntry>> {
  const found = new Map<string, CacheEntry>();
  for (let i = 0; i < normalisedTitles.length; i += 500) {
    const rows = await tx
      .selectFrom('classification_cache')
      .select(['normalised_title', 'context', 'us_soc2018', 'uk_soc2020', 'category', 'subcategory', 'verified'])
      .where('context', '=', context)
      .where('normalised_title', 'in', normalisedTitles.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      found.set(r.normalised_title as string, {
        normalisedTitle: r.normalised_title as string,
        context: r.context as string,
        usSoc2018: r.us_soc2018 as string,
        ukSoc2020: r.uk_soc2020 as string,
        category: (r.category as string | null) ?? null,
        subcategory: (r.subcategory as string | null) ?? null,
        verified: readBool(r.verified),
      });
    }
  }
  return found;
}

export async function bumpCacheHits(tx: Tx, context: string, normalisedTitles: string[]): Promise<void> {
  for (let i = 0; i < normalisedTitles.length; i += 500) {
    await tx
      .updateTable('classification_cache')
      .set({ hit_count: sql`hit_count + 1`, updated_at: nowIso() } as never)
      .where('context', '=', context)
      .where('normalised_title', 'in', normalisedTitles.slice(i, i + 500))
      .execute();
  }
}

/** Stores new AI picks; a verified entry is never overwritten. */
export async function storeAiPicks(tx: Tx, context: string, promptVersion: number | null, picks: Omit<CacheEntry, 'context' | 'verified'>[]): Promise<void> {
  const now = nowIso();
  for (const p of picks) {
    await tx
      .insertInto('classification_cache')
      .values({
        normalised_title: p.normalisedTitle, context, us_soc2018: p.usSoc2018, uk_soc2020: p.ukSoc2020, category: p.category,
        subcategory: p.subcategory, prompt_version: promptVersion, verified: bindBool(false), hit_count: 0, created_at: now, updated_at: now,
      } as never)
      .onConflict((oc) =>
        oc
          .columns(['normalised_title', 'context'])
          .doUpdateSet({ us_soc2018: p.usSoc2018, uk_soc2020: p.ukSoc2020, category: p.category, subcategory: p.subcategory, prompt_version: promptVersion, updated_at: now } as never)
          .where('classification_cache.verified', '=', bindBool(false) as never),
      )
      .execute();
  }
}
