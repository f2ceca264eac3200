import { randomUUID } from 'node:crypto';
import { referenceSchema, type ReferenceData } from '../../schema/reference/index.ts';
import { getCompiledReferenceAsync, validateReferenceData, type CompiledReference, type ReferenceIssue } from '../../workers/reference/index.ts';
import type { Tx } from '../db/connection.ts';
import { HttpError, conflict, notFound } from '../http/httpError.ts';
import {
  deleteDraft,
  findDraft,
  findPublishedVersion,
  insertDraft,
  latestPublishedVersion,
  listPublishedVersions,
  publishDraft,
  updateDraft,
} from '../repositories/referenceRepository.ts';
import type { PublishedReference, ReferenceDraft, ReferenceOverview, ReferenceVersionMeta } from '../../schema/api/reference.ts';
import { recordAudit } from './audit.ts';
import type { ServiceContext } from './context.ts';
import { requireAdmin } from './access.ts';

export const REFERENCE_SECTIONS = Object.keys(referenceSchema.shape).filter((key) => key !== 'schemaVersion') as (keyof ReferenceData)[];

function assertAdmin(ctx: ServiceContext): void {
  requireAdmin(ctx.actor, 'manage reference data');
}

const invalidReference = (message: string, issues: ReferenceIssue[]) =>
  new HttpError(400, 'invalid_reference_data', message, issues.map(({ path, message: text, severity }) => ({ path, message: `${severity}: ${text}` })));

/** The live version: the newest published one. */
export async function currentReference(tx: Tx): Promise<ReferenceVersionMeta> {
  const current = await latestPublishedVersion(tx);
  if (!current) throw noPublishedReference();
  return current;
}

/** The refusal when no reference version has been published. */
export const noPublishedReference = () => new HttpError(404, 'not_found', 'No reference data has been published; `npm run migrate` seeds version 1.');

/** A published version's full data; the draft is readable by administrators only. */
export async function referenceVersion(ctx: ServiceContext, version: number | 'draft') {
  if (version === 'draft') {
    assertAdmin(ctx);
    const draft = await findDraft(ctx.tx);
    if (!draft) throw notFound('Reference draft');
    return { version: null, status: 'draft' as const, notes: draft.notes, publishedAt: null, data: draft.data };
  }
  const found = await findPublishedVersion(ctx.tx, version);
  if (!found) throw notFound('Reference version');
  return { ...found, status: 'published' as const };
}

export async function referenceOverview(ctx: ServiceContext): Promise<ReferenceOverview> {
  assertAdmin(ctx);
  const [versions, draft] = await Promise.all([listPublishedVersions(ctx.tx), findDraft(ctx.tx)]);
  return {
    current: versions[0] ?? null,
    draft: draft && { basedOn: draft.basedOn, notes: draft.notes, createdAt: draft.createdAt, updatedAt: draft.updatedAt },
    versions,
  };
}

function presentDraft(draft: NonNullable<Awaited<ReturnType<typeof findDraft>>>): ReferenceDraft {
  const { issues } = validateReferenceData(draft.data);
  // A stored draft passed the document's shape when saved: an object of sections.
  return { basedOn: draft.basedOn, notes: draft.notes, createdAt: draft.createdAt, updatedAt: draft.updatedAt, data: draft.data as ReferenceDraft['data'], issues };
}

export async function createReferenceDraft(ctx: ServiceContext, basedOn?: number) {
  assertAdmin(ctx);
  if (await findDraft(ctx.tx)) throw conflict('A reference draft already exists; publish or discard it first.');
  const source = basedOn ?? (await currentReference(ctx.tx)).version;
  const base = await findPublishedVersion(ctx.tx, source);
  if (!base) throw notFound('Reference version');
  await insertDraft(ctx.tx, { id: randomUUID(), basedOn: source, data: base.data, createdBy: ctx.actor.id });
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'reference_draft_created', details: { basedOn: source } });
  return presentDraft((await findDraft(ctx.tx))!);
}

export async function getReferenceDraft(ctx: ServiceContext) {
  assertAdmin(ctx);
  const draft = await findDraft(ctx.tx);
  return draft && presentDraft(draft);
}

export type DraftChange = { data: unknown } | { section: keyof ReferenceData; value: unknown } | { notes: string | null };

/** Saves need only a valid shape; cross-check errors are reported live and block publishing, not saving. Saves are not audited. */
export async function saveReferenceDraft(ctx: ServiceContext, change: DraftChange) {
  assertAdmin(ctx);
  const draft = await findDraft(ctx.tx);
  if (!draft) throw notFound('Reference draft');
  if ('notes' in change) {
    await updateDraft(ctx.tx, draft.id, { notes: change.notes });
  } else {
    const data = 'data' in change ? change.data : { ...(draft.data as Record<string, unknown>), [change.section]: change.value };
    const result = validateReferenceData(data);
    if (!result.data) throw invalidReference('The reference draft was not saved: its shape is invalid.', result.issues);
    await updateDraft(ctx.tx, draft.id, { data: result.data });
  }
  return presentDraft((await findDraft(ctx.tx))!);
}

export async function publishReferenceDraft(ctx: ServiceContext, notes: string): Promise<PublishedReference> {
  assertAdmin(ctx);
  const draft = await findDraft(ctx.tx);
  if (!draft) throw notFound('Reference draft');
  const result = validateReferenceData(draft.data);
  if (!result.ok) {
    const errors = result.issues.filter((i) => i.severity === 'error');
    throw invalidReference(`The reference draft has ${errors.length} error(s); fix them before publishing.`, errors);
  }
  const version = await publishDraft(ctx.tx, draft.id, notes, ctx.actor.id);
  const warnings = result.issues.filter((i) => i.severity === 'warning').length;
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'reference_published', details: { version, warnings, basedOn: draft.basedOn }, publishNotes: notes });
  return { version, warnings };
}

export async function discardReferenceDraft(ctx: ServiceContext): Promise<void> {
  assertAdmin(ctx);
  const draft = await findDraft(ctx.tx);
  if (!draft) throw notFound('Reference draft');
  await deleteDraft(ctx.tx, draft.id);
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'reference_draft_discarded', details: { basedOn: draft.basedOn } });
}

/** A published version compiled once per process (LRU of 16); a damaged stored version throws. */
export function compiledReference(tx: Tx, version: number): Promise<CompiledReference> {
  return getCompiledReferenceAsync(version, async () => {
    const found = await findPublishedVersion(tx, version);
    if (!found) throw notFound(`Reference version ${version}`);
    return found.data;
  });
}
