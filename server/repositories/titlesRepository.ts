import { sql } from 'kysely';
import { sqliteHandle, yieldToRequests, type Dialect, type Tx } from '../db/connection.ts';
import { bindBool, bindJson, nowIso, readBool, readJson } from '../db/convert.ts';
import { raiseDatasetVersion } from './datasetsRepository.ts';
import type { ClassificationAlternative } from '../../workers/classify/classify.ts';
import type { TitleReading, TitleVariant } from '../../workers/classify/variants.ts';
import type { TitleEntry } from '../../workers/classify/titlesList.ts';
import type { TitleSource } from '../../schema/titlesList.ts';


/**
 * A title's classification as written: the reading of its largest variant (or its only reading), with the
 * coder's reason and other readings (null for sources that give none), and its variants when its rows'
 * contexts code it differently (then it is in review when any variant is).
 */
export interface TitleClassificationWrite extends Omit<TitleReading, 'contextUsed' | 'overrideScope'> {
  variants?: TitleVariant[] | null;
}

/** A title as the titles list gives it: one record type for the server and the browser. */
export type TitleRecord = TitleEntry;

const columns = [
  'title', 'normalised', 'headcount', 'source', 'us_soc2018', 'uk_soc2020', 'category', 'subcategory', 'confidence', 'review_required', 'reason', 'alternatives',
  'variants',
] as const;

type TitleRow = Record<(typeof columns)[number], unknown>;

// The reply's titles share the field mapping; the last fields are assigned, not spread, which would copy every field again.
function toTitle(r: TitleRow): TitleRecord {
  const title = toTitleFields(r) as TitleRecord;
  title.alternatives = r.alternatives === null || r.alternatives === undefined ? [] : readJson<ClassificationAlternative[]>(r.alternatives);
  title.variants = r.variants === null || r.variants === undefined ? null : readJson<TitleVariant[]>(r.variants);
  return title;
}

function toTitleFields(r: TitleRow): Omit<TitleRecord, 'alternatives' | 'variants'> {
  return {
    title: r.title as string,
    normalised: r.normalised as string,
    headcount: Number(r.headcount),
    source: r.source as TitleSource,
    usSoc2018: (r.us_soc2018 as string | null) ?? null,
    ukSoc2020: (r.uk_soc2020 as string | null) ?? null,
    category: (r.category as string | null) ?? null,
    subcategory: (r.subcategory as string | null) ?? null,
    confidence: r.confidence === null ? null : Number(r.confidence),
    reviewRequired: readBool(r.review_required),
    reason: (r.reason as string | null) ?? null,
  };
}

export async function insertPendingTitles(tx: Tx, datasetId: string, engagementId: string, titles: { title: string; normalised: string; headcount: number }[]): Promise<void> {
  const now = nowIso();
  const BATCH = 1000; // stays well under SQLite's bound-parameter limit
  for (let i = 0; i < titles.length; i += BATCH) {
    if (i > 0) await yieldToRequests();
    await tx
      .insertInto('dataset_titles')
      .values(
        titles.slice(i, i + BATCH).map((t) => ({
          dataset_id: datasetId, engagement_id: engagementId, title: t.title, normalised: t.normalised, headcount: t.headcount,
          source: 'pending', review_required: bindBool(false), updated_at: now,
        })) as never,
      )
      .execute();
  }
  if (titles.length > 0) await raiseDatasetVersion(tx, datasetId);
}

/** Up to `limit` pending titles (every one when null), most people first (spec: classify step 1). */
export async function pendingTitles(tx: Tx, datasetId: string, limit: number | null): Promise<TitleRecord[]> {
  const query = tx.selectFrom('dataset_titles').select(columns).where('dataset_id', '=', datasetId).where('source', '=', 'pending').orderBy('headcount', 'desc').orderBy('title');
  const rows = await (limit === null ? query : query.limit(limit)).execute();
  return rows.map((r) => toTitle(r as never));
}

/** A dataset's titles, most people first. */
export async function listTitles(tx: Tx, datasetId: string): Promise<TitleRecord[]> {
  const rows = await tx.selectFrom('dataset_titles').select(columns).where('dataset_id', '=', datasetId).orderBy('headcount', 'desc').orderBy('title').execute();
  return rows.map((r) => toTitle(r as never));
}

export async function titlesWithNormalised(tx: Tx, engagementId: string, normalised: string): Promise<{ datasetId: string; title: string }[]> {
  const rows = await tx.selectFrom('dataset_titles').select(['dataset_id', 'title']).where('engagement_id', '=', engagementId).where('normalised', '=', normalised).execute();
  return rows.map((r) => ({ datasetId: r.dataset_id as string, title: r.title as string }));
}

export async function countTitlesBySource(tx: Tx, datasetId: string): Promise<Record<string, number>> {
  const rows = await tx
    .selectFrom('dataset_titles')
    .select(['source', sql<number>`count(*)`.as('n')])
    .where('dataset_id', '=', datasetId)
    .groupBy('source')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.source as string, Number(r.n)]));
}

/**
 * Writes classifications. With onlyPending, a title that left pending meanwhile (an override
 * set while the model was working) is not touched: the override wins. Returns titles written.
 * Postgres takes one UPDATE over unnested arrays; SQLite runs in-process, so a loop of one prepared statement is cheap.
 * Any title written raises the dataset's version (its page counts and titles list changed).
 */
export async function writeClassifications(
  tx: Tx,
  dialect: Dialect,
  datasetId: string,
  writes: { title: string; classification: TitleClassificationWrite }[],
  options: { onlyPending: boolean },
): Promise<number> {
  if (writes.length === 0) return 0;
  const now = nowIso();
  const alternatives = (x: TitleClassificationWrite) => (x.alternatives === null ? null : bindJson(x.alternatives));
  const variants = (x: TitleClassificationWrite) => (x.variants ? bindJson(x.variants) : null);
  if (dialect === 'postgres') {
    const c = writes.map((w) => w.classification);
    const result = await sql`update dataset_titles t set source = v.source, us_soc2018 = v.us, uk_soc2020 = v.uk, category = v.category,
        subcategory = v.subcategory, confidence = v.confidence, review_required = v.review, reason = v.reason,
        alternatives = v.alternatives::jsonb, variants = v.variants::jsonb, updated_at = ${now}
      from unnest(${writes.map((w) => w.title)}::text[], ${c.map((x) => x.source)}::text[], ${c.map((x) => x.usSoc2018)}::text[],
        ${c.map((x) => x.ukSoc2020)}::text[], ${c.map((x) => x.category)}::text[], ${c.map((x) => x.subcategory)}::text[],
        ${c.map((x) => x.confidence)}::float8[], ${c.map((x) => x.reviewRequired)}::boolean[], ${c.map((x) => x.reason)}::text[],
        ${c.map(alternatives)}::text[], ${c.map(variants)}::text[])
        as v(title, source, us, uk, category, subcategory, confidence, review, reason, alternatives, variants)
      where t.dataset_id = ${datasetId} and t.title = v.title ${options.onlyPending ? sql`and t.source = 'pending'` : sql``}`.execute(tx);
    const written = Number(result.numAffectedRows ?? 0);
    if (written > 0) await raiseDatasetVersion(tx, datasetId);
    return written;
  }
  // One statement, prepared once (the connection's statement cache), runs per title: built through Kysely, each
  // of a step's 600 updates cost more to build than to run.
  const update = sqliteHandle(tx).prepare(options.onlyPending ? UPDATE_PENDING_TITLE : UPDATE_TITLE);
  let written = 0;
  for (const { title, classification: c } of writes) {
    written += update.run(
      c.source, c.usSoc2018 ?? null, c.ukSoc2020, c.category, c.subcategory, c.confidence, bindBool(c.reviewRequired), c.reason ?? null, alternatives(c), variants(c), now,
      datasetId, title,
    ).changes;
  }
  if (written > 0) await raiseDatasetVersion(tx, datasetId);
  return written;
}

const UPDATE_TITLE = `update dataset_titles set source = ?, us_soc2018 = ?, uk_soc2020 = ?, category = ?, subcategory = ?, confidence = ?,
    review_required = ?, reason = ?, alternatives = ?, variants = ?, updated_at = ?
  where dataset_id = ? and title = ?`;
const UPDATE_PENDING_TITLE = `${UPDATE_TITLE} and source = 'pending'`;
