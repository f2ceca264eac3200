import { createHash } from 'node:crypto';
import type { Tx } from '../db/connection.ts';
import { bindJson, nowIso, readIso, readJson } from '../db/convert.ts';
import { scopeText, type OverrideScope } from '../../workers/classify/variants.ts';

export interface Override {
  normalisedTitle: string;
  title: string;
  usSoc2018: string;
  ukSoc2020: string;
  category: string;
  subcategory: string;
  /** The rows it applies to; null for the title everywhere. */
  scope: OverrideScope | null;
  updatedAt: string;
}

/** A title's overrides: the one for the title everywhere, and those for rows of one context each. */
export interface TitleOverrides {
  everywhere: Override | null;
  scoped: Override[];
}

const columns = ['normalised_title', 'title', 'us_soc2018', 'uk_soc2020', 'category', 'subcategory', 'scope', 'updated_at'] as const;

const toOverride = (r: Record<(typeof columns)[number], unknown>): Override => ({
  normalisedTitle: r.normalised_title as string,
  title: r.title as string,
  usSoc2018: r.us_soc2018 as string,
  ukSoc2020: r.uk_soc2020 as string,
  category: r.category as string,
  subcategory: r.subcategory as string,
  scope: r.scope === null || r.scope === undefined ? null : readJson<OverrideScope>(r.scope),
  updatedAt: readIso(r.updated_at),
});

/** The key column of a scope: '' everywhere, else a digest of its kind and folded values (a scope's values may be long). */
const scopeKey = (scope: OverrideScope | null) => (scope ? createHash('sha256').update(scopeText(scope)).digest('hex') : '');

/** An engagement's overrides by title, each title's override everywhere before its scoped ones. */
export async function listOverrides(tx: Tx, engagementId: string): Promise<Override[]> {
  const rows = await tx.selectFrom('overrides').select(columns).where('engagement_id', '=', engagementId).orderBy('normalised_title').orderBy('scope_key').execute();
  return rows.map((r) => toOverride(r as never));
}

/** Overrides of an engagement keyed by normalised title. */
export async function overridesByTitle(tx: Tx, engagementId: string): Promise<Map<string, TitleOverrides>> {
  const byTitle = new Map<string, TitleOverrides>();
  for (const o of await listOverrides(tx, engagementId)) {
    let entry = byTitle.get(o.normalisedTitle);
    if (!entry) byTitle.set(o.normalisedTitle, (entry = { everywhere: null, scoped: [] }));
    if (o.scope) entry.scoped.push(o);
    else entry.everywhere = o;
  }
  return byTitle;
}

export async function upsertOverride(tx: Tx, engagementId: string, createdBy: string, o: Omit<Override, 'updatedAt'>): Promise<void> {
  const now = nowIso();
  await tx
    .insertInto('overrides')
    .values({
      engagement_id: engagementId, normalised_title: o.normalisedTitle, title: o.title, us_soc2018: o.usSoc2018, uk_soc2020: o.ukSoc2020,
      category: o.category, subcategory: o.subcategory, scope: o.scope ? bindJson(o.scope) : null, scope_key: scopeKey(o.scope),
      created_by: createdBy, created_at: now, updated_at: now,
    } as never)
    .onConflict((oc) =>
      oc.columns(['engagement_id', 'normalised_title', 'scope_key']).doUpdateSet({
        title: o.title, us_soc2018: o.usSoc2018, uk_soc2020: o.ukSoc2020, category: o.category, subcategory: o.subcategory, updated_at: now,
      } as never),
    )
    .execute();
}

export async function deleteOverride(tx: Tx, engagementId: string, normalisedTitle: string, scope: OverrideScope | null): Promise<boolean> {
  const result = await tx
    .deleteFrom('overrides')
    .where('engagement_id', '=', engagementId)
    .where('normalised_title', '=', normalisedTitle)
    .where('scope_key', '=', scopeKey(scope))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
