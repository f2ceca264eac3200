import { sql } from 'kysely';
import type { PromptKey, PromptTemplate, PromptVersion } from '../../schema/prompts.ts';
import type { Tx } from '../db/connection.ts';
import { nowIso, readIso, readIsoOrNull } from '../db/convert.ts';

const COLUMNS = ['id', 'key', 'version', 'status', 'system', 'template', 'model', 'temperature', 'max_output_tokens', 'notes', 'created_at', 'updated_at', 'published_at'] as const;

function toVersion(r: Record<(typeof COLUMNS)[number], unknown>): PromptVersion {
  return {
    id: r.id as string,
    key: r.key as PromptKey,
    version: r.version === null ? null : Number(r.version),
    status: r.status as PromptVersion['status'],
    system: r.system as string,
    template: r.template as string,
    model: (r.model as string | null) ?? null,
    temperature: Number(r.temperature),
    maxOutputTokens: Number(r.max_output_tokens),
    notes: (r.notes as string | null) ?? null,
    createdAt: readIso(r.created_at),
    updatedAt: readIso(r.updated_at),
    publishedAt: readIsoOrNull(r.published_at),
  };
}

/** Every version of a key, newest published first, the draft (if any) before them. */
export async function listPromptVersions(tx: Tx, key: PromptKey): Promise<PromptVersion[]> {
  const rows = await tx.selectFrom('prompt_versions').select(COLUMNS).where('key', '=', key).execute();
  return rows.map(toVersion).sort((a, b) => (b.version ?? Infinity) - (a.version ?? Infinity));
}

export async function livePromptVersion(tx: Tx, key: PromptKey): Promise<PromptVersion | null> {
  const row = await tx.selectFrom('prompt_versions').select(COLUMNS).where('key', '=', key).where('status', '=', 'published').orderBy('version', 'desc').limit(1).executeTakeFirst();
  return row ? toVersion(row) : null;
}

export async function findPromptVersion(tx: Tx, key: PromptKey, version: number): Promise<PromptVersion | null> {
  const row = await tx.selectFrom('prompt_versions').select(COLUMNS).where('key', '=', key).where('version', '=', version).executeTakeFirst();
  return row ? toVersion(row) : null;
}

export async function findPromptDraft(tx: Tx, key: PromptKey): Promise<PromptVersion | null> {
  const row = await tx.selectFrom('prompt_versions').select(COLUMNS).where('key', '=', key).where('status', '=', 'draft').executeTakeFirst();
  return row ? toVersion(row) : null;
}

export async function insertPromptDraft(tx: Tx, draft: { id: string; key: PromptKey; createdBy: string } & PromptTemplate): Promise<void> {
  const now = nowIso();
  await tx
    .insertInto('prompt_versions')
    .values({
      id: draft.id, key: draft.key, version: null, status: 'draft', system: draft.system, template: draft.template, model: draft.model,
      temperature: draft.temperature, max_output_tokens: draft.maxOutputTokens, notes: null, created_by: draft.createdBy, created_at: now, updated_at: now,
    } as never)
    .execute();
}

export async function updatePromptDraft(tx: Tx, id: string, patch: Partial<PromptTemplate> & { notes?: string | null }): Promise<void> {
  const values: Record<string, unknown> = { updated_at: nowIso() };
  if (patch.system !== undefined) values.system = patch.system;
  if (patch.template !== undefined) values.template = patch.template;
  if (patch.model !== undefined) values.model = patch.model;
  if (patch.temperature !== undefined) values.temperature = patch.temperature;
  if (patch.maxOutputTokens !== undefined) values.max_output_tokens = patch.maxOutputTokens;
  if (patch.notes !== undefined) values.notes = patch.notes;
  await tx.updateTable('prompt_versions').set(values as never).where('id', '=', id).where('status', '=', 'draft').execute();
}

export async function deletePromptDraft(tx: Tx, id: string): Promise<void> {
  await tx.deleteFrom('prompt_versions').where('id', '=', id).where('status', '=', 'draft').execute();
}

/** The draft becomes the key's next version number; the unique (key, version) index refuses a race. */
export async function publishPromptDraft(tx: Tx, key: PromptKey, id: string, notes: string): Promise<number> {
  const { next } = await tx
    .selectFrom('prompt_versions')
    .select(sql<number>`coalesce(max(version), 0) + 1`.as('next'))
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  const now = nowIso();
  await tx
    .updateTable('prompt_versions')
    .set({ status: 'published', version: Number(next), notes, published_at: now, updated_at: now } as never)
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .execute();
  return Number(next);
}

/** Idempotent seed of a built-in version 1. */
export async function insertPublishedPromptIfMissing(tx: Tx, id: string, key: PromptKey, prompt: PromptTemplate, notes: string): Promise<boolean> {
  if (await findPromptVersion(tx, key, 1)) return false;
  const now = nowIso();
  await tx
    .insertInto('prompt_versions')
    .values({
      id, key, version: 1, status: 'published', system: prompt.system, template: prompt.template, model: prompt.model, temperature: prompt.temperature,
      max_output_tokens: prompt.maxOutputTokens, notes, created_by: null, created_at: now, updated_at: now, published_at: now,
    } as never)
    .execute();
  return true;
}
