import { sql } from 'kysely';
import type { Tx } from '../db/connection.ts';
import type { SharedCacheEntry as CacheEntry, SharedCacheListing as CacheListing } from '../../schema/cache.ts';
import { bindBool, nowIso, readBool, readIso } from '../db/convert.ts';

export type { SharedCacheEntry as CacheEntry, SharedCacheListing as CacheListing } from '../../schema/cache.ts';

const ENTRY_COLUMNS = ['normalised_title', 'context', 'us_soc2018', 'uk_soc2020', 'category', 'subcategory', 'verified'] as const;

function toEntry(r: Record<(typeof ENTRY_COLUMNS)[number], unknown>): CacheEntry {
  return {
    normalisedTitle: r.normalised_title as string,
    context: r.context as string,
    usSoc2018: r.us_soc2018 as string,
    ukSoc2020: r.uk_soc2020 as string,
    category: (r.category as string | null) ?? null,
    subcategory: (r.subcategory as string | null) ?? null,
    verified: readBool(r.verified),
  };
}

export async function lookupCache(tx: Tx, context: string, normalisedTitles: string[]): Promise<Map<string, CacheEntry>> {
  const found = new Map<string, CacheEntry>();
  for (let i = 0; i < normalisedTitles.length; i += 500) {
    const rows = await tx
      .selectFrom('classification_cache')
      .select(ENTRY_COLUMNS)
      .where('context', '=', context)
      .where('normalised_title', 'in', normalisedTitles.slice(i, i + 500))
      .execute();
    for (const r of rows) found.set(r.normalised_title as string, toEntry(r));
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

const LISTING_COLUMNS = [...ENTRY_COLUMNS, 'prompt_version', 'hit_count', 'updated_at'] as const;

/** A page of entries, most used first; `q` matches part of the normalised title. */
export async function listCacheEntries(tx: Tx, q: string | undefined, offset: number, limit: number): Promise<{ entries: CacheListing[]; total: number }> {
  let query = tx.selectFrom('classification_cache');
  if (q) {
    const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`normalised_title like ${pattern} escape '\\'`);
  }
  const rows = await query.select(LISTING_COLUMNS).orderBy('hit_count', 'desc').orderBy('normalised_title').orderBy('context').offset(offset).limit(limit).execute();
  const { n } = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return {
    total: Number(n),
    entries: rows.map((r) => ({
      ...toEntry(r),
      promptVersion: r.prompt_version === null ? null : Number(r.prompt_version),
      hitCount: Number(r.hit_count),
      updatedAt: readIso(r.updated_at),
    })),
  };
}

export async function findCacheEntry(tx: Tx, normalisedTitle: string, context: string): Promise<CacheEntry | null> {
  return (await lookupCache(tx, context, [normalisedTitle])).get(normalisedTitle) ?? null;
}

export async function setCacheVerified(tx: Tx, normalisedTitle: string, context: string, verified: boolean): Promise<void> {
  await tx
    .updateTable('classification_cache')
    .set({ verified: bindBool(verified), updated_at: nowIso() } as never)
    .where('normalised_title', '=', normalisedTitle)
    .where('context', '=', context)
    .execute();
}

export async function deleteCacheEntry(tx: Tx, normalisedTitle: string, context: string): Promise<void> {
  await tx.deleteFrom('classification_cache').where('normalised_title', '=', normalisedTitle).where('context', '=', context).execute();
}
