import type { Tx } from '../db/connection.ts';
import { nowIso, readIso } from '../db/convert.ts';

export interface Override {
  normalisedTitle: string;
  title: string;
  usSoc2018: string;
  ukSoc2020: string;
  category: string;
  subcategory: string;
  updatedAt: string;
}

const columns = ['normalised_title', 'title', 'us_soc2018', 'uk_soc2020', 'category', 'subcategory', 'updated_at'] as const;

const toOverride = (r: Record<(typeof columns)[number], unknown>): Override => ({
  normalisedTitle: r.normalised_title as string,
  title: r.title as string,
  usSoc2018: r.us_soc2018 as string,
  ukSoc2020: r.uk_soc2020 as string,
  category: r.category as string,
  subcategory: r.subcategory as string,
  updatedAt: readIso(r.updated_at),
});

export async function listOverrides(tx: Tx, engagementId: string): Promise<Override[]> {
  const rows = await tx.selectFrom('overrides').select(columns).where('engagement_id', '=', engagementId).orderBy('normalised_title').execute();
  return rows.map((r) => toOverride(r as never));
}

/** Overrides of an engagement keyed by normalised title. */
export async function overridesByNormalised(tx: Tx, engagementId: string): Promise<Map<string, Override>> {
  return new Map((await listOverrides(tx, engagementId)).map((o) => [o.normalisedTitle, o]));
}

export async function upsertOverride(tx: Tx, engagementId: string, createdBy: string, o: Omit<Override, 'updatedAt'>): Promise<void> {
  const now = nowIso();
  await tx
    .insertInto('overrides')
    .values({
      engagement_id: engagementId, normalised_title: o.normalisedTitle, title: o.title, us_soc2018: o.usSoc2018, uk_soc2020: o.ukSoc2020,
      category: o.category, subcategory: o.subcategory, created_by: createdBy, created_at: now, updated_at: now,
    } as never)
    .onConflict((oc) =>
      oc.columns(['engagement_id', 'normalised_title']).doUpdateSet({
        title: o.title, us_soc2018: o.usSoc2018, uk_soc2020: o.ukSoc2020, category: o.category, subcategory: o.subcategory, updated_at: now,
      } as never),
    )
    .execute();
}

export async function deleteOverride(tx: Tx, engagementId: string, normalisedTitle: string): Promise<boolean> {
  const result = await tx.deleteFrom('overrides').where('engagement_id', '=', engagementId).where('normalised_title', '=', normalisedTitle).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
