import { sql } from 'kysely';
import type { Tx } from '../db/connection.ts';
import { bindJson, nowIso, readIso, readIsoOrNull, readJson } from '../db/convert.ts';

export interface ReferenceVersionMeta {
  version: number;
  notes: string | null;
  publishedAt: string;
}

export interface ReferenceDraftRow {
  id: string;
  basedOn: number | null;
  notes: string | null;
  data: unknown;
  createdAt: string;
  updatedAt: string;
}

const toMeta = (r: { version: unknown; notes: unknown; published_at: unknown }): ReferenceVersionMeta => ({
  version: Number(r.version),
  notes: (r.notes as string | null) ?? null,
  publishedAt: readIso(r.published_at),
});

export async function listPublishedVersions(tx: Tx): Promise<ReferenceVersionMeta[]> {
  const rows = await tx.selectFrom('reference_versions').select(['version', 'notes', 'published_at']).where('status', '=', 'published').orderBy('version', 'desc').execute();
  return rows.map(toMeta);
}

export async function latestPublishedVersion(tx: Tx): Promise<ReferenceVersionMeta | null> {
  const row = await tx
    .selectFrom('reference_versions')
    .select(['version', 'notes', 'published_at'])
    .where('status', '=', 'published')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toMeta(row) : null;
}

export async function findPublishedVersion(tx: Tx, version: number): Promise<(ReferenceVersionMeta & { data: unknown }) | null> {
  const row = await tx
    .selectFrom('reference_versions')
    .select(['version', 'notes', 'published_at', 'data'])
    .where('status', '=', 'published')
    .where('version', '=', version)
    .executeTakeFirst();
  return row ? { ...toMeta(row), data: readJson(row.data) } : null;
}

export async function findDraft(tx: Tx): Promise<ReferenceDraftRow | null> {
  const row = await tx
    .selectFrom('reference_versions')
    .select(['id', 'based_on', 'notes', 'data', 'created_at', 'updated_at'])
    .where('status', '=', 'draft')
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id as string,
    basedOn: row.based_on === null ? null : Number(row.based_on),
    notes: (row.notes as string | null) ?? null,
    data: readJson(row.data),
    createdAt: readIso(row.created_at),
    updatedAt: readIsoOrNull(row.updated_at) ?? readIso(row.created_at),
  };
}

export async function insertDraft(tx: Tx, draft: { id: string; basedOn: number | null; data: unknown; createdBy: string }): Promise<void> {
  const now = nowIso();
  await tx
    .insertInto('reference_versions')
    .values({ id: draft.id, version: null, status: 'draft', data: bindJson(draft.data), notes: null, based_on: draft.basedOn, created_by: draft.createdBy, created_at: now, updated_at: now } as never)
    .execute();
}

export async function updateDraft(tx: Tx, id: string, patch: { data?: unknown; notes?: string | null }): Promise<void> {
  const values: Record<string, unknown> = { updated_at: nowIso() };
  if (patch.data !== undefined) values.data = bindJson(patch.data);
  if (patch.notes !== undefined) values.notes = patch.notes;
  await tx.updateTable('reference_versions').set(values as never).where('id', '=', id).where('status', '=', 'draft').execute();
}

export async function deleteDraft(tx: Tx, id: string): Promise<void> {
  await tx.deleteFrom('reference_versions').where('id', '=', id).where('status', '=', 'draft').execute();
}

/** Turns the draft into the next published version number; the unique index on version refuses a race. */
export async function publishDraft(tx: Tx, id: string, notes: string, publishedBy: string): Promise<number> {
  const { next } = await tx
    .selectFrom('reference_versions')
    .select(sql<number>`coalesce(max(version), 0) + 1`.as('next'))
    .executeTakeFirstOrThrow();
  const now = nowIso();
  await tx
    .updateTable('reference_versions')
    .set({ status: 'published', version: Number(next), notes, published_at: now, published_by: publishedBy, updated_at: now } as never)
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .execute();
  return Number(next);
}

/** Idempotent seed of a built-in published version. */
export async function insertPublishedVersionIfMissing(tx: Tx, version: number, data: unknown, notes: string, id: string): Promise<boolean> {
  if (await tx.selectFrom('reference_versions').select('version').where('version', '=', version).executeTakeFirst()) return false;
  const now = nowIso();
  await tx
    .insertInto('reference_versions')
    .values({ id, version, status: 'published', data: bindJson(data), notes, based_on: null, created_by: null, created_at: now, updated_at: now, published_at: now, published_by: null } as never)
    .execute();
  return true;
}
